/// One spring as one API states it: the API and its parameters' values, in `api.parameters`
/// order (docs/springs.md).
public struct PlatformSpring: Sendable, Equatable {
  public let api: SpringAPI
  public let values: [Double]

  /// `values` in `api.parameters` order (checked: a wrong count is a programming error).
  public init(api: SpringAPI, values: [Double]) {
    precondition(
      values.count == api.parameters.count, "\(api) takes \(api.parameters.count) values")
    self.api = api
    self.values = values
  }

  /// The value of one of the API's parameters; a parameter the API does not have is a
  /// programming error.
  public subscript(_ parameter: SpringParameter) -> Double {
    guard let index = api.parameters.firstIndex(where: { $0.parameter == parameter }) else {
      preconditionFailure("\(api) has no \(parameter)")
    }
    return values[index]
  }

  /// The parameters by name, in the API's order.
  public var named: [(SpringParameter, Double)] {
    zip(api.parameters, values).map { ($0.parameter, $1) }
  }
}
