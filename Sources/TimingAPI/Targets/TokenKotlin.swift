import TimingEngine

/// The tokens as Kotlin a developer pastes (`?format=kotlin`, docs/tokens.md "Source"): an
/// object of Jetpack Compose animation values — `CubicBezierEasing`, `tween()` and `spring()`
/// specs — each under a comment naming its token. Compose takes durations in whole
/// milliseconds (a fraction is rounded, and said), its numbers as `Float`, and a spring as damping
/// ratio and stiffness over a mass of 1, which is the same curve (its initial velocity is given
/// to `animateTo`, not to the spec). An easing Compose has no class for (`steps()`, `linear()`, a
/// path) is an `Easing` over its points. Written in Kotlin 1.3's syntax (no trailing commas), and
/// checked by `kotlinc` against stubs of the Compose types in CI
/// (scripts/check-token-sources.py).
enum TokenKotlin {
  static func file(_ compilation: TokenCompilation) -> String {
    let source = TokenSource(compilation)
    var out = """
      // animation-timing: \(source.entries.count) motion tokens (\(compilation.document.dialect.rawValue)), POST /v1/tokens?format=kotlin.
      // Each value's comment names its token and where it is in the document. Durations are
      // whole milliseconds, as Compose takes them.
      package motion.tokens

      import androidx.compose.animation.core.CubicBezierEasing
      import androidx.compose.animation.core.Easing
      import androidx.compose.animation.core.SpringSpec
      import androidx.compose.animation.core.TweenSpec
      import androidx.compose.animation.core.spring
      import androidx.compose.animation.core.tween

      object MotionTokens {

      """
    var needsPoints = false
    for entry in source.entries {
      let name = entry.identifier
      var notes = TokenSourceText.notes(entry.compiled)
      var body = ""
      switch entry.compiled.token.meaning {
      case .duration(let seconds):
        let (ms, note) = millis(seconds)
        notes += note
        body += "    const val \(name)Millis: Int = \(ms)\n"
      case .cubicBezier(let b):
        body += "    val \(name): Easing = \(cubic(b))\n"
      case .transition(let duration, let delay, let b):
        let (ms, note) = millis(duration)
        let (delayMs, delayNote) = millis(delay)
        notes += note + delayNote
        body +=
          "    fun <T> \(name)(): TweenSpec<T> =\n        tween(durationMillis = \(ms), delayMillis = \(delayMs), easing = \(cubic(b)))\n"
      case .spring(let given, _):
        (notes, body) = spring(name, given.curve, notes)
      case .physicalSpring(let curve):
        (notes, body) = spring(name, curve, notes)
      case .bounce(let bounce):
        // SwiftUI's spring of that bounce has this damping ratio whatever its duration, and
        // a perceptual duration d is ω₀ = 2π/d: stiffness (2π/d)² over a mass of 1.
        let ratio = TokenCSS.bounceCurve(bounce)?.dampingRatio ?? 1
        notes.append("The duration is the one it is paired with (SwiftUI's perceptual duration).")
        body += """
              fun <T> \(name)(durationMillis: Int, visibilityThreshold: T? = null): SpringSpec<T> {
                  val omega = 2.0 * Math.PI * 1000.0 / durationMillis
                  return spring(\(float(ratio)), (omega * omega).toFloat(), visibilityThreshold)
              }

          """
      case .easing(let function):
        if let (x1, y1, x2, y2) = function.controlPoints {
          body += "    val \(name): Easing = \(cubic(CubicBezier(x1, y1, x2, y2)))\n"
        } else {
          needsPoints = true
          body += points(name, entry.compiled)
        }
      case .pathEasing:
        needsPoints = true
        body += points(name, entry.compiled)
      }
      out += "    /** \(TokenSourceText.comment(entry.origin))\n"
      for note in notes { out += "     *  \(note)\n" }
      out += "     */\n" + body + "\n"
    }
    if needsPoints {
      out += """
            /** A piecewise-linear easing: CSS's linear(), a jump being two points at one x. */
            class PiecewiseLinearEasing(private val xs: FloatArray, private val ys: FloatArray) : Easing {
                override fun transform(fraction: Float): Float {
                    var i = -1
                    while (i + 1 < xs.size && xs[i + 1] <= fraction) i += 1
                    if (i < 0) return ys[0]
                    if (i + 1 >= xs.size) return ys[i]
                    return ys[i] + (ys[i + 1] - ys[i]) * (fraction - xs[i]) / (xs[i + 1] - xs[i])
                }
            }

        """
    }
    out += "}\n"
    return out
  }

  /// A Kotlin `Float` literal.
  private static func float(_ value: Double) -> String { numberText(value) + "f" }

  private static func cubic(_ b: CubicBezier) -> String {
    "CubicBezierEasing(\(float(b.x1)), \(float(b.y1)), \(float(b.x2)), \(float(b.y2)))"
  }

  /// Whole milliseconds, and a note where that rounds the duration.
  private static func millis(_ seconds: Double) -> (Int, [String]) {
    let text = MillisecondsText.text(seconds)
    let exact = Double(text.dropLast(2)) ?? seconds * 1000
    // Compose's Int: at most 2³¹ − 1 ms, 24.8 days.
    let ms = Int(min(exact.rounded(), Double(Int32.max)))
    guard Double(ms) != exact else { return (ms, []) }
    return (ms, ["\(text) rounded to \(ms) ms: Compose takes whole milliseconds."])
  }

  private static func spring(_ name: String, _ c: SpringCurve, _ notes: [String]) -> (
    [String], String
  ) {
    var notes = notes
    if c.initialVelocity != 0 {
      notes.append(
        "Initial velocity \(numberText(c.initialVelocity)) of the distance a second: give it to animateTo(initialVelocity = …) in value units."
      )
    }
    // Compose's spring(dampingRatio, stiffness) has a mass of 1: the stiffness over the mass
    // is the same curve.
    let body =
      "    fun <T> \(name)(visibilityThreshold: T? = null): SpringSpec<T> =\n"
      + "        spring(dampingRatio = \(float(c.dampingRatio)), stiffness = \(float(c.stiffness / c.mass)), visibilityThreshold = visibilityThreshold)\n"
    return (notes, body)
  }

  private static func points(_ name: String, _ compiled: TokenCompilation.Compiled) -> String {
    let points = TokenSourceText.points(compiled)
    return "    val \(name): Easing = PiecewiseLinearEasing(\n"
      + "        floatArrayOf(\(points.map { float($0.x) }.joined(separator: ", "))),\n"
      + "        floatArrayOf(\(points.map { float($0.y) }.joined(separator: ", "))))\n"
  }
}
