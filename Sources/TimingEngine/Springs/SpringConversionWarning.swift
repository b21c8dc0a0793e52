/// What one API's form of a spring does not reproduce exactly: the nearest it can state, or
/// how it plays a spring differently, with the worst difference over the motion as a fraction
/// of the distance.
public struct SpringConversionWarning: Sendable, Equatable {
  public let api: SpringAPI
  public let message: String
  /// max over t of |x_api(t) − x(t)|, x the displacement as a fraction of the distance.
  public let maxDeviation: Double
}
