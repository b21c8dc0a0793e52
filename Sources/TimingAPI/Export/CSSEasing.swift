import TimingEngine

/// A CSS easing function as an export states it, on a keyframe or on a whole animation.
enum CSSEasing: Sendable {
  case linear
  /// Holds a keyframe's value until the next (discrete properties, discrete keyframes).
  case stepEnd
  /// A timing function with a CSS form of its own (`cubic-bezier()`, `steps()`, `linear()`;
  /// Core Animation's named curves by their CSS names or `cubic-bezier()`).
  case function(TimingFunction)

  var text: String {
    switch self {
    case .linear: "linear"
    case .stepEnd: "step-end"
    case .function(let function): function.cssText
    }
  }

  /// The browser's output at `x` (CSS Easing Level 2), with Web Animations' before flag.
  func evaluate(_ x: Double, beforeFlag: Bool) -> Double {
    switch self {
    case .linear: x
    case .stepEnd: Steps(count: 1, position: .jumpEnd).evaluate(x, beforeFlag: beforeFlag)
    case .function(let function): function.evaluate(x, beforeFlag: beforeFlag)
    }
  }

  /// Whether it jumps (`steps()`, `step-end`): a keyframe's jump exactly at an edge is where
  /// Chromium, seeking forward onto the start of the active interval, still shows the value
  /// from before it.
  var jumps: Bool {
    switch self {
    case .linear: false
    case .stepEnd: true
    case .function(let function):
      switch function {
      case .steps: true
      case .named, .controlPoints, .cubicBezier, .linear, .spring: false
      }
    }
  }
}
