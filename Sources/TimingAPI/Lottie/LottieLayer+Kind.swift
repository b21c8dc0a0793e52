extension LottieLayer.Kind {
  /// lottie-spec 1.0's name of the layer type, as the answer says it.
  var wireName: String {
    switch self {
    case .precomposition: "precomposition"
    case .solid: "solid"
    case .image: "image"
    case .null: "null"
    case .shape: "shape"
    case .text: "text"
    case .audio: "audio"
    case .videoPlaceholder: "videoPlaceholder"
    case .imageSequence: "imageSequence"
    case .video: "video"
    case .imagePlaceholder: "imagePlaceholder"
    case .guide: "guide"
    case .adjustment: "adjustment"
    case .camera: "camera"
    case .light: "light"
    case .data: "data"
    }
  }
}

extension LottieLayer.Kind {
  /// Whether python-lottie draws a layer of this type (`objects/layers.py`: the visual layers it
  /// has a class for; any other type loads as a bare `Layer`, never drawn).
  var pythonLottieDraws: Bool {
    switch self {
    case .precomposition, .solid, .image, .null, .shape, .text: true
    case .audio, .videoPlaceholder, .imageSequence, .video, .imagePlaceholder, .guide,
      .adjustment, .camera, .light, .data:
      false
    }
  }
}

extension LottieLayer.Kind {
  /// Whether python-lottie has a class for a layer of this type (`objects/layers.py`); for any
  /// other its SVG builder raises.
  var pythonLottieLoads: Bool {
    switch self {
    case .precomposition, .solid, .image, .null, .shape, .text, .audio, .camera, .data: true
    case .videoPlaceholder, .imageSequence, .video, .imagePlaceholder, .guide, .adjustment,
      .light:
      false
    }
  }
}
