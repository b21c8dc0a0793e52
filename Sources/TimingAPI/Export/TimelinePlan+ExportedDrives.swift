import TimingEngine

extension TimelinePlan {
  /// What drives each exported layer property of each layer (`drives[layer][p]`, `p` indexing
  /// `ExportedLayerProperty.allCases`), worked out once for an export: each lookup builds the
  /// animation's keyframes, copying the model value into each, and the exports read a layer's
  /// drives several times (the Lottie export ~29 lookups a layer for 9 properties).
  func exportedDrives() -> [[PropertyDrive]] {
    (0..<layerCount).map { layer in
      ExportedLayerProperty.allCases.map { drive(layer: layer, keyPath: $0.rawValue) }
    }
  }
}
