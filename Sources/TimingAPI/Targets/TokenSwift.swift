import TimingEngine

/// The tokens as Swift a developer pastes (`?format=swift`, docs/tokens.md "Source"): an enum
/// of SwiftUI values (`UnitCurve`, `Animation`) and Core Animation ones
/// (`CAMediaTimingFunction`, `CASpringAnimation`), each under a comment naming its token.
/// Durations are `TimeInterval` seconds; springs are exact (SwiftUI's `interpolatingSpring` and
/// Core Animation's spring take mass, stiffness, damping and initial velocity); an easing
/// neither platform has (`steps()`, `linear()`, a path) is a function over its points.
/// Checked by `swiftc -parse` in CI (scripts/check-token-sources.py).
enum TokenSwift {
  static func file(_ compilation: TokenCompilation) -> String {
    let source = TokenSource(compilation)
    var out = """
      // animation-timing: \(source.entries.count) motion tokens (\(compilation.document.dialect.rawValue)), POST /v1/tokens?format=swift.
      // Each value's comment names its token and where it is in the document. Durations are
      // seconds; SwiftUI's UnitCurve and Spring need iOS 17 / macOS 14.
      import QuartzCore
      import SwiftUI

      public enum MotionTokens {

      """
    var needsPoints = false
    for entry in source.entries {
      let name = entry.identifier
      out += "  /// \(TokenSourceText.comment(entry.origin))\n"
      for note in TokenSourceText.notes(entry.compiled) { out += "  /// \(note)\n" }
      switch entry.compiled.token.meaning {
      case .duration(let seconds):
        out += "  public static let \(name): TimeInterval = \(n(seconds))\n"
      case .cubicBezier(let b):
        out += curve(name, b)
      case .transition(let duration, let delay, let b):
        out +=
          "  public static let \(name) = Animation.timingCurve(\(n(b.x1)), \(n(b.y1)), \(n(b.x2)), \(n(b.y2)), duration: \(n(duration)))"
          + (delay != 0 ? ".delay(\(n(delay)))" : "") + "\n"
        out += timingFunction(name, b)
        out += "  public static let \(name)Duration: TimeInterval = \(n(duration))\n"
        out += "  public static let \(name)Delay: TimeInterval = \(n(delay))\n"
      case .spring(let given, _): out += spring(name, given.curve)
      case .physicalSpring(let curve): out += spring(name, curve)
      case .bounce(let bounce):
        out += """
            /// The duration is the one it is paired with (SwiftUI's perceptual duration).
            public static func \(name)(duration: TimeInterval) -> Animation {
              .spring(duration: duration, bounce: \(n(bounce)))
            }
            public static func \(name)Animation(keyPath: String, duration: TimeInterval) -> CASpringAnimation {
              let animation = CASpringAnimation(perceptualDuration: duration, bounce: \(n(bounce)))
              animation.keyPath = keyPath
              animation.duration = animation.settlingDuration
              return animation
            }

          """
      case .easing(let function):
        if let (x1, y1, x2, y2) = function.controlPoints {
          out += curve(name, CubicBezier(x1, y1, x2, y2))
        } else {
          needsPoints = true
          out += points(name, entry.compiled)
        }
      case .pathEasing:
        needsPoints = true
        out += points(name, entry.compiled)
      }
      out += "\n"
    }
    if needsPoints {
      out += """
          /// The progress at `x` of a piecewise-linear easing: CSS's linear(), a jump being two
          /// points at one x, the later holding from it on.
          public static func piecewiseLinear(_ points: [(x: Double, y: Double)], _ x: Double) -> Double {
            guard var i = points.lastIndex(where: { $0.x <= x }) else { return points[0].y }
            while i + 1 < points.count && points[i + 1].x <= x { i += 1 }
            guard i + 1 < points.count else { return points[i].y }
            let (a, b) = (points[i], points[i + 1])
            return a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)
          }

        """
    }
    out += "}\n"
    return out
  }

  private static func n(_ value: Double) -> String { numberText(value) }

  private static func curve(_ name: String, _ b: CubicBezier) -> String {
    "  public static let \(name) = UnitCurve.bezier(\n"
      + "    startControlPoint: UnitPoint(x: \(n(b.x1)), y: \(n(b.y1))),\n"
      + "    endControlPoint: UnitPoint(x: \(n(b.x2)), y: \(n(b.y2))))\n"
      + timingFunction(name, b)
  }

  /// A class instance, so a computed property: a stored static would be shared mutable state to
  /// Swift 6's checker.
  private static func timingFunction(_ name: String, _ b: CubicBezier) -> String {
    "  public static var \(name)TimingFunction: CAMediaTimingFunction {\n"
      + "    CAMediaTimingFunction(controlPoints: \(n(b.x1)), \(n(b.y1)), \(n(b.x2)), \(n(b.y2)))\n"
      + "  }\n"
  }

  private static func spring(_ name: String, _ c: SpringCurve) -> String {
    """
      public static let \(name) = Animation.interpolatingSpring(
        mass: \(n(c.mass)), stiffness: \(n(c.stiffness)), damping: \(n(c.damping)),
        initialVelocity: \(n(c.initialVelocity)))
      public static func \(name)Animation(keyPath: String) -> CASpringAnimation {
        let animation = CASpringAnimation(keyPath: keyPath)
        animation.mass = \(n(c.mass))
        animation.stiffness = \(n(c.stiffness))
        animation.damping = \(n(c.damping))
        animation.initialVelocity = \(n(c.initialVelocity))
        animation.duration = animation.settlingDuration
        return animation
      }

    """
  }

  private static func points(_ name: String, _ compiled: TokenCompilation.Compiled) -> String {
    let points = TokenSourceText.points(compiled)
    return "  public static let \(name)Points: [(x: Double, y: Double)] = [\n"
      + points.map { "    (\(n($0.x)), \(n($0.y))),\n" }.joined() + "  ]\n"
      + "  public static func \(name)(_ x: Double) -> Double { piecewiseLinear(\(name)Points, x) }\n"
  }
}
