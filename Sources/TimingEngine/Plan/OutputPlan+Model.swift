/// The model values behind each output, for exports that state a layer's resting style (the
/// values an element shows when no animation applies).
extension OutputPlan {
  /// The property's model value as the scene set it (or the catalogue's default), in the
  /// output's own components; the layer's value before any script event changes it.
  public func model(layer: Int, output: Int) -> [Double] { layers[layer][output].model }

  /// The property's model value after the script's last change of it: where the layer rests
  /// once its animations are over.
  public func restingModel(layer: Int, output: Int) -> [Double] { layers[layer][output].resting }

  /// Whether a track (a model value the scene set, or an animation) stands behind the output.
  public func isSetOrAnimated(layer: Int, output: Int) -> Bool {
    layers[layer][output].track != nil
  }
}
