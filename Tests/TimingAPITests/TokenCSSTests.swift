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
    #expect(MillisecondsText.text(seconds) == text)
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

/// The reduced-motion variant: a spring that overshoots becomes critically damped with the same
/// settling time, durations are capped, delays dropped.
@Suite struct ReducedMotionTests {
  @Test func anOvershootingSpringSettlesAtTheSameTimeWithoutOvershoot() throws {
    let bouncy = try TimingFunction.checkedSpring(
      mass: 1, stiffness: 300, damping: 10, initialVelocity: 0)
    let rule = ReducedMotion(maxDuration: ReducedMotion.defaultMaxDuration)
    guard case .physicalSpring(let calm) = rule.variant(of: .physicalSpring(bouncy)) else {
      Issue.record("not a spring")
      return
    }
    #expect(abs(calm.dampingRatio - 1) < 1e-12)
    let (before, after) = (
      try #require(bouncy.settlingDuration), try #require(calm.settlingDuration)
    )
    #expect(abs(after - before) <= 1e-9 * before, "\(after) vs \(before)")
    // Critically damped from rest: x(t) = 1 − (1 + ωt)e^(−ωt) never passes 1.
    for i in 0...1000 { #expect(calm.progress(Double(i) / 1000 * after) <= 1 + 1e-15) }
  }

  @Test func durationsAreCappedAndDelaysDropped() {
    let rule = ReducedMotion(maxDuration: 0.2)
    guard case .duration(let long) = rule.variant(of: .duration(seconds: 0.7)),
      case .transition(let duration, let delay, _) = rule.variant(
        of: .transition(duration: 0.15, delay: 0.05, timingFunction: CubicBezier(0, 0, 1, 1)))
    else {
      Issue.record("changed kind")
      return
    }
    #expect(long == 0.2 && duration == 0.15 && delay == 0)
    #expect(rule.rule.contains("200ms"))
  }
}
