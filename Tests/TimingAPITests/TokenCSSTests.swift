import Foundation
import Testing
import TimingEngine

@testable import TimingAPI

/// The tokens compiler's CSS values: durations in `ms` with the decimal point moved, not
/// multiplied; Bézier curves exact; a spring and an easing path as `linear()`, played back by
/// parsing the text as a browser would and compared with curves computed here from their own
/// definitions (the damped oscillator's closed form, the path's exact rational solution), within
/// the error each value states, itself within `maxError`.
@Suite struct TokenCSSTests {
  @Test(arguments: [
    (0.07, "70ms"), (1.5, "1500ms"), (0.0001, "0.1ms"), (0, "0ms"), (2, "2000ms"),
    (0.1234, "123.4ms"), (0.15, "150ms"),
  ])
  func millisecondsMoveTheDecimalPoint(seconds: Double, text: String) {
    #expect(TokenCSS.milliseconds(seconds) == text)
  }

  static func css(_ meaning: MotionToken.Meaning) throws -> TokenCSS {
    try TokenCSS.css(meaning, maxError: TokenCSS.defaultMaxError).get()
  }

  @Test func curvesAreExact() throws {
    let css = try Self.css(.cubicBezier(CubicBezier(0.2, 0, 0, 1)))
    #expect(css.text == "cubic-bezier(0.2, 0, 0, 1)")
    #expect(css.maxError == 0)
    let transition = try Self.css(
      .transition(duration: 0.2, delay: 0.05, timingFunction: CubicBezier(0.5, 0, 1, 1)))
    #expect(transition.text == "200ms cubic-bezier(0.5, 0, 1, 1) 50ms")
  }

  /// Compose's spring(dampingRatio 0.9, stiffness 700): x(t) = 1 − e^(−ζω t)(cos ω_d t + ζω/ω_d
  /// sin ω_d t), ω = √700, ω_d = ω√(1 − ζ²), played over the settling duration the note states.
  @Test func aSpringIsLinearWithinItsError() throws {
    let p = PlatformSpring(api: .android, [.stiffness: 700, .dampingRatio: 0.9, .velocity: 0])
      .physical(
        distance: 1)
    let curve = try TimingFunction.checkedSpring(
      mass: p.mass, stiffness: p.stiffness, damping: p.damping, initialVelocity: 0)
    let css = try Self.css(.physicalSpring(curve))
    let played = try TimingFunction(parsing: css.text)
    let settling = try #require(curve.settlingDuration)
    let (zeta, omega) = (0.9, 700.0.squareRoot())
    let damped = omega * (1 - zeta * zeta).squareRoot()
    var worst = 0.0
    for i in 0...20_000 {
      let x = Double(i) / 20_000
      let t = x * settling
      let exact =
        1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
      worst = max(worst, abs(played.evaluate(x) - exact))
    }
    #expect(worst <= css.maxError + 1e-9, "\(worst) > \(css.maxError)")
    #expect(css.maxError <= TokenCSS.defaultMaxError)
  }

  /// Material's emphasized path as linear(), against the path's exact solution
  /// (`scripts/material-emphasized-reference.py`).
  @Test func anEasingPathIsLinearWithinItsError() throws {
    let path = try EasingPath(
      svg: "M 0,0 C 0.05,0 0.133333,0.06 0.166666,0.4 C 0.208333,0.82 0.25,1 1,1")
    let css = try Self.css(.pathEasing(path))
    let played = try TimingFunction(parsing: css.text)
    for (x, y) in [
      (0.05, 0.020608488606031473), (0.1, 0.093479871432052081), (0.2, 0.63570144911939042),
      (0.3, 0.84046856648159507), (0.5, 0.95061246262844079), (0.9, 0.99882884667348515),
    ] {
      #expect(abs(played.evaluate(x) - y) <= css.maxError, "at \(x)")
    }
    #expect(css.maxError <= TokenCSS.defaultMaxError)
    #expect(css.maxError > 0)
  }
}
