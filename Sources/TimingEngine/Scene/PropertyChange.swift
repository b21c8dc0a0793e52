/// A property change a script makes (semantics.md §5.1).
public struct PropertyChange: Sendable {
  public var layer: String
  public var keyPath: PropertyKeyPath
  /// The value at `keyPath` (a part of the property for a sub-path).
  public var value: AnimatableValue
  public var source: [String]
  public init(layer: String, keyPath: PropertyKeyPath, value: AnimatableValue, source: [String]) {
    self.layer = layer
    self.keyPath = keyPath
    self.value = value
    self.source = source
  }
}
