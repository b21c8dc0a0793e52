import TimingEngine

/// What decoding a scene's layers carries from one layer to the next: the limits, the layers
/// counted so far, the scene's value decoder (it collects the contents names) and the Canvas
/// presets that `{"type": "canvas"}` animations start.
struct LayerContext {
  let maxLayers: Int
  let maxAnimationsPerLayer: Int
  var layerCount = 0
  var values = ContentsNames()
  /// Starts from `{"type": "canvas"}` animations, as script events.
  var canvasStarts: [ScriptEvent] = []

  init(maxLayers: Int, maxAnimationsPerLayer: Int) {
    self.maxLayers = maxLayers
    self.maxAnimationsPerLayer = maxAnimationsPerLayer
  }
}
