/// What each kind of work is charged against a `WorkBudget`, in units of about 10 ns of one
/// core of the reference machine (2-core AMD EPYC VM, Swift 6.3.1, release build). Each figure
/// is the time that work measured in `timing-bench worst-case --stages` (docs/performance.md,
/// "Work budget"), rounded up; what holds memory until the response is written (epochs) is
/// charged for its page faults too.
public enum WorkCost {
  // MARK: Decoding

  /// Parsing the body, per byte: the parser reads ~45 MB/s (850 KB of script: 21 ms).
  public static let bodyByte = 3
  /// One byte of a timing function's text: `linear()` parses at ~240 ns a byte (1 000 texts of
  /// 100 stops: 97 ms).
  public static let timingFunctionByte = 25
  /// One JSON array element or object member a decoder looks at, with the value it builds
  /// (30 000 custom properties: 35 ms with their tracks, ~1 µs each; see `property`).
  public static let jsonValue = 10

  /// Looking for the known property nearest to a name the catalogue does not know (a custom
  /// property, or a typo: `LayerProperties.suggestion`): up to 27 banded alignments of at most
  /// 5 × 22 cells, about 3 000 steps of a few instructions. An estimate from that count (~3 µs),
  /// not a timing-bench figure; it is a tenth of what a custom property's track costs at most.
  public static let keySuggestion = 300

  // MARK: Planning and script

  /// One layer flattened: its clock, tracks and tables.
  public static let layer = 300
  /// One model value a layer sets: its decoding and its track.
  public static let property = 100
  /// One script event decoded, sorted into time order and applied.
  public static let event = 100
  /// One action search and its record (the trace, the animation as added): 8 000 transactions
  /// spend ~17 µs a change in all.
  public static let lookUp = 600
  /// One step looked at while composing a presentation value during the script (its removal,
  /// its local time), or one animation looked at by a removal or for a new epoch.
  public static let presentationLook = 3
  /// A step composed into a presentation value during the script costs this plus its sampling
  /// cost: one dynamic call and composition per step, where sampling runs a loop specialised
  /// for the step's class over a whole column (measured 147 ns a step, against 5–10 ns a sample).
  public static let presentationStep = 12
  /// A top-level animation's delegate events.
  public static let delegateEvents = 50

  /// Compiling one animation (not its group's children, which are charged as they compile):
  /// decoding it, its compiled timing and timing function, its step, source and tables. 20 000
  /// basic animations in groups: ~5 µs each.
  public static func compiling(_ animation: Animation) -> Int {
    var units = 300
    if animation.timingFunction != nil { units += 100 }
    switch animation.kind {
    case .basic, .spring, .transition, .group:
      break
    case .keyframe(let values):
      let count = values.path.map { $0.segments.count } ?? values.values.count
      // 300 000 cubicPaced scalars: 1.7 µs each; 20 000 transforms: 3 µs each.
      var perValue = 20
      if values.path != nil { perValue += 30 }
      if values.values.first?.type == .transform { perValue += 300 }
      switch values.calculationMode {
      case .cubicPaced: perValue += 200
      case .cubic, .paced: perValue += 20
      case .linear, .discrete: break
      }
      if let functions = values.timingFunctions {
        units = WorkBudget.adding(units, WorkBudget.multiplying(functions.count, 20))
      }
      units = WorkBudget.adding(units, WorkBudget.multiplying(count, perValue))
    }
    return units
  }

  /// One model epoch of an animation whose end follows the model value: an interpolator (for
  /// transforms two decompositions) kept until the response is written. 8 million of them took
  /// 8–16 s, mostly in page faults: ~2 µs each.
  public static func epoch(_ type: ValueType) -> Int { type == .transform ? 300 : 200 }

  // MARK: Sampling and export

  /// Evaluating a timing function once: a Bézier compiled for sampling (table and one Newton
  /// step) ~10 ns, solved from scratch ~60 ns; `linear()` a bisection over its points; a
  /// spring ~40 ns.
  public static func evaluating(_ function: TimingFunction, compiled: Bool) -> Int {
    switch function {
    case .named, .controlPoints, .cubicBezier: return compiled ? 1 : 6
    case .steps: return 1
    case .linear(let easing):
      var units = 1
      var n = easing.points.count
      while n > 4 {
        n /= 4
        units += 1
      }
      return units
    case .spring: return 4
    }
  }

  /// Two bytes of a contents name written for a sample (a crossfade writes both names, each up
  /// to the longest the scene declares): a 14 KB request of 16 layers crossfading between
  /// 256-byte names asked for 889 MB of JSON, 4.5 s of writing, with every number in its limit.
  public static let exportedContentsBytePair = 1

  /// One sampled key path of one layer set up for sampling (its output, its column).
  public static let output = 15
  /// One column's key (a layer's key path) written to the response: 2.5 million in 0.55 s.
  public static let exportedColumn = 20
  /// One number written to the response (JSON or CSV), with its share of the entity tag and of
  /// the memory behind it: 5 million numbers, 44–250 ms.
  public static let exportedNumber = 5
  /// One number a Web Animations or CSS export fits keyframes to (each component of an
  /// exported layer property that moves, at each sample) and writes: the standard scene's
  /// export (6.6 M such numbers) takes about 380 ms after sampling, 58 ns a number
  /// (docs/performance.md "Work budget").
  public static let fittedNumber = 6
  /// One distinct spring (curve, duration and ends) a Web Animations or CSS export states as a
  /// `linear()` within its bounds, fitted once: 259 springs of 259 distances over 601 samples
  /// export in 85 ms, 9 ns a unit charged with this.
  public static let springEasing = 25_000
  /// One number of a layer a Lottie export takes apart into its ten properties and fits (all
  /// 32 of every layer at every sample, moving or not): 24–73 ns a number measured, the most
  /// where eight Core Animation curves are tried at 10 000 segment ends.
  public static let lottieNumber = 7
  /// A motion token compiled (its meaning, CSS and reduced variant written, ~1 KB of answer):
  /// 1 000 durations and curves took 12 ms (`timing-bench worst-case tokens`, release).
  public static let compiledToken = 1_200
  /// A token's spring as `linear()`: a fixed part (the error measured on 65 537 points) and a
  /// part a grid interval (the fit): 2 ms for a typical spring on 4 096 intervals, 22 ms for
  /// one on 262 144 (charged a little over, so that the slowest kind at the budget's edge stays
  /// under the 0.56 s of the slowest request).
  public static let tokenSpringFit = 170_000
  public static let tokenSpringInterval = 10
  /// A token's easing path as `linear()` (fit, and its error measured on 65 537 points, each a
  /// segment found and solved): 11.5 ms for Material's emphasized path.
  public static let tokenPathFit = 1_200_000
  /// A token's cubic Bézier stand-in for the `dtcg` target (`CubicBezierFit`: 36 least-squares
  /// starts, two Nelder–Mead refinements and a restart at 129 points, the error measured at
  /// 4 097): 100 `steps()` tokens in 0.27–0.28 s, 2.8 ms each (`timing-bench worst-case tokens`).
  public static let tokenCubicFit = 300_000
  /// A spring token in every API of `POST /v1/springs`: a fixed part, and a part per
  /// millisecond of its settling time, to 2²⁰ — react-spring's integration and Motion's rest
  /// test step through it 1 ms at a time, and the deviation grids grow with it, each to its cap
  /// (0.5 ms for a spring settling in 1 s; 30–50 ms for those past the caps, docs/performance.md
  /// "Springs").
  public static let tokenSpringAPIs = 40_000
  public static let tokenSpringAPIMillisecond = 3
  /// One record of the `actions` list (trace and animation, ~550 bytes of JSON): 8 000 in
  /// 49 ms.
  public static let exportedAction = 600
  /// One delegate event, completion or warning in the response: 32 000 in 57 ms.
  public static let exportedEvent = 200
  /// One point of a timing function evaluated and written (x, y and maybe the slope).
  public static let timingFunctionPoint = 30
}
