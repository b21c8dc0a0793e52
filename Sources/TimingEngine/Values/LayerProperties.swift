/// Core Animation's layer properties with their types and model defaults (semantics.md §3.1).
public enum LayerProperties {
  public static let catalogue: [String: AnimatableValue] = {
    let black: [Double] = [0, 0, 0, 1]
    let clear: [Double] = [0, 0, 0, 0]
    let identity = Transform3D.identity.values
    return [
      "opacity": .init(.scalar, [1]),
      "position": .init(.point, [0, 0]),
      "anchorPoint": .init(.point, [0.5, 0.5]),
      "bounds": .init(.rect, [0, 0, 0, 0]),
      "zPosition": .init(.scalar, [0]),
      "anchorPointZ": .init(.scalar, [0]),
      "transform": .init(.transform, identity),
      "sublayerTransform": .init(.transform, identity),
      "backgroundColor": .init(.color, clear),
      "borderColor": .init(.color, black),
      "borderWidth": .init(.scalar, [0]),
      "cornerRadius": .init(.scalar, [0]),
      "shadowColor": .init(.color, black),
      "shadowOpacity": .init(.scalar, [0]),
      "shadowOffset": .init(.size, [0, -3]),
      "shadowRadius": .init(.scalar, [3]),
      "hidden": .init(.bool, [0]),
      "masksToBounds": .init(.bool, [0]),
      "doubleSided": .init(.bool, [1]),
      "contentsRect": .init(.rect, [0, 0, 1, 1]),
      "contents": .init(.contents, [0, 0, 1]),
      "strokeStart": .init(.scalar, [0]),
      "strokeEnd": .init(.scalar, [1]),
      "lineWidth": .init(.scalar, [1]),
      "fillColor": .init(.color, black),
      // "none": no stroke, i.e. fully transparent.
      "strokeColor": .init(.color, clear),
    ]
  }()

  /// The name `contents` id 0 stands for: no contents.
  public static let noContents = ""

  /// Derived, not stored: setting `frame` sets `position` and `bounds` (semantics.md §3.1).
  public static let derived: Set<String> = ["frame"]

  public static func isBuiltIn(_ name: String) -> Bool { catalogue[name] != nil }
}
