/// The type of an animatable value (semantics.md §3.1). Every value is stored as a flat run of
/// doubles (its components), so sampling writes straight into columns.
public enum ValueType: Sendable, Hashable, CustomStringConvertible {
  case scalar
  case point
  case size
  case rect
  /// r, g, b, a in 0…1, non-premultiplied sRGB.
  case color
  /// 16 numbers, CATransform3D order.
  case transform
  /// 0 or 1.
  case bool
  /// Opaque contents: from-id, to-id, cross-fade progress (ids index the scene's names).
  case contents
  /// A custom property holding several scalars.
  case array(Int)

  public var componentCount: Int {
    switch self {
    case .scalar, .bool: 1
    case .point, .size: 2
    case .contents: 3
    case .rect, .color: 4
    case .transform: 16
    case .array(let n): n
    }
  }

  public var description: String {
    switch self {
    case .scalar: "a number"
    case .point: "a point"
    case .size: "a size"
    case .rect: "a rect"
    case .color: "a colour"
    case .transform: "a transform"
    case .bool: "a boolean"
    case .contents: "a contents id"
    case .array(let n): "an array of \(n) numbers"
    }
  }

  /// Component names for flat exports (CSV headers).
  public var componentNames: [String] {
    switch self {
    case .scalar, .bool: [""]
    case .point: ["x", "y"]
    case .size: ["width", "height"]
    case .rect: ["x", "y", "width", "height"]
    case .color: ["r", "g", "b", "a"]
    case .transform: (1...4).flatMap { r in (1...4).map { c in "m\(r)\(c)" } }
    case .contents: ["from", "to", "progress"]
    case .array(let n): (0..<n).map { String($0) }
    }
  }

  /// Whether values of this type can be added (additive, cumulative, `byValue`).
  public var isAdditive: Bool {
    switch self {
    case .bool, .contents: false
    case .scalar, .point, .size, .rect, .color, .transform, .array: true
    }
  }
}

/// A value of a known type: its components.
public struct AnimatableValue: Sendable, Hashable {
  public var type: ValueType
  public var components: [Double]

  public init(_ type: ValueType, _ components: [Double]) {
    precondition(components.count == type.componentCount, "components match the type")
    self.type = type
    self.components = components
  }

  public static func scalar(_ v: Double) -> AnimatableValue { AnimatableValue(.scalar, [v]) }
  public static func transform(_ t: Transform3D) -> AnimatableValue {
    AnimatableValue(.transform, t.values)
  }
}
