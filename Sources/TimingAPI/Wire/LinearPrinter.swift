/// Who printed a `linear()` a fit is given (docs/fit.md "Printers"), which says how far each
/// stop may be from the spring it was sampled from.
enum LinearPrinter: String, CaseIterable, Sendable {
  /// Motion (motion.dev, framer-motion 11 and later): a stop every 10 ms of the spring's
  /// duration (`generateLinearEasing`, `Math.max(Math.round(duration / 10), 2)` stops evenly
  /// spaced, 30 ms in a spring's `toString()`), each rounded to 4 decimals
  /// (`Math.round(x * 10000) / 10000`), and the target printed instead of the spring wherever
  /// the generator reports it at rest: within `restDelta` of it, 0.5 of the 100 its WAAPI
  /// easings run over (`createGeneratorEasing`'s scale) or 0.005 of 1 in `toString()` — 0.005
  /// of the distance either way.
  case motion
  /// Rounded to the most decimals printed and no more: this service's `linear()` (6 decimals
  /// at exact inputs, docs/springs.md), or one rounded by hand.
  case decimals

  /// How far from the target a stop Motion printed as the target may have been: its rest
  /// delta, a fraction of the distance.
  static let motionRestDelta = 0.005
  /// Motion's step between stops, in seconds (its WAAPI easings; a `toString()` states its
  /// duration before the `linear()`).
  static let motionResolution = 0.010
  static let motionStep = 0.0001

  /// The printer a `linear()` reads as when none is named: Motion's when its stops have no
  /// percentages (evenly spaced) and 4 decimals at most, some having 4; otherwise the decimals
  /// alone. Read so, a `linear()` rounded by hand the same way only has its stops printed as the
  /// target bounded more loosely (0.005, not 0.00005); Motion's duration from the number of
  /// stops is taken only when the printer is named.
  static func inferred(text: String, step: Double?) -> LinearPrinter? {
    guard let step else { return nil }
    return !text.contains("%") && step == motionStep ? .motion : .decimals
  }

  /// Each stop's largest error from the spring, in value units: half the rounding step, and
  /// for Motion the rest delta at every stop printed exactly as the target.
  func bounds(values: [Double], step: Double, distance: Double) -> [Double] {
    switch self {
    case .decimals:
      return [Double](repeating: step / 2, count: values.count)
    case .motion:
      let target = values[values.count - 1]
      let rest = max(Self.motionRestDelta * abs(distance), step / 2)
      return values.map { $0 == target ? rest : step / 2 }
    }
  }
}
