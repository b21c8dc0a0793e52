/// The players the lint evaluates a file as (docs/lottie.md "Lint"), with the versions their
/// rules were read at and each one's evaluation with all its rules at once.
extension LottieLintRule {
  /// The players.
  enum Player: String, CaseIterable, Sendable {
    case lottieWeb, pythonLottie, lottieIOSCoreAnimation, lottieIOSMainThread, lottieAndroid
    case rlottie, thorvg, skottie
  }
}

extension LottieLintRule.Player {
  /// The player's versions its rules hold for.
  var versions: String {
    switch self {
    case .lottieWeb: "lottie-web 5.x (read at v5.7.14; v5.13.0 the same)"
    case .pythonLottie: "python-lottie 0.7 (PyPI lottie, read at 0.7.2), its SVG and PNG output"
    case .lottieIOSCoreAnimation:
      "lottie-ios 4.x's Core Animation engine (read at 4.6.1; the default since 4.0)"
    case .lottieIOSMainThread: "lottie-ios 4.x's main-thread engine (read at 4.6.1)"
    case .lottieAndroid: "lottie-android 6.x (read at 6.7.1)"
    case .rlottie: "rlottie (read at 34465a9; the library PyPI rlottie-python 1.3.8 ships)"
    case .thorvg: "ThorVG 1.0 (read at v1.0.4, the library PyPI thorvg-python 1.1.3 ships)"
    case .skottie: "Skottie (Skia's modules/skottie, read at its 2024 sources)"
    }
  }

  /// Every rule of the player at once: how it evaluates a file.
  var playback: LottiePlayback {
    switch self {
    case .lottieWeb: .lottieWeb
    case .pythonLottie: .pythonLottie
    case .lottieIOSCoreAnimation: .lottieIOSCoreAnimation
    case .lottieIOSMainThread: .lottieIOSMainThread
    case .lottieAndroid: .lottieAndroid
    case .rlottie: .rlottie
    case .thorvg: .thorvg
    case .skottie: .skottie
    }
  }

  /// What the player's evaluation is, in a sentence.
  var playbackSummary: String {
    switch self {
    case .lottieWeb:
      "every lottie-web rule at once, as lottie-web's SVG and canvas renderers place layers"
    case .pythonLottie:
      "every python-lottie rule at once, as its SVG builder draws the file (nesting, culling, opacity)"
    case .lottieIOSCoreAnimation: "every lottie-ios rule of its Core Animation engine at once"
    case .lottieIOSMainThread: "every lottie-ios rule of its main-thread engine at once"
    case .lottieAndroid: "every lottie-android rule at once"
    case .rlottie: "every rlottie rule at once, at the whole frames it draws"
    case .thorvg: "every ThorVG rule at once"
    case .skottie: "every Skottie rule at once"
    }
  }
}
