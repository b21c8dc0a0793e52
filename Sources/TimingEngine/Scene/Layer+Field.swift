extension Layer {
  /// The fields an error or warning about a layer points at (the API's member names, which a
  /// test holds to): below the layer's `source`, its pointer ends in one of these.
  public enum Field: String, Sendable, CaseIterable {
    case name, canvas
  }

  /// Where `field` of this layer was declared, for errors and warnings.
  func source(_ field: Field) -> [String] { source + [field.rawValue] }
}
