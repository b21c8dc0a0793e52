#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension SpringCurve {
  /// ◆ semantics.md §3.5: the last time |x| ≥ 0.001 or |velocity| ≥ 0.001, to ~1e-15 s; nil for an
  /// undamped spring, which never settles.
  ///
  /// Exactly, not by scanning: a scan on a grid of a thirty-second of a period missed a last
  /// peak that rose above 0.001 for less than a grid step (one that tops it by under 0.5 %),
  /// and reported the crossing before it, up to half a period early (damping 2.48: 7.197 s for
  /// 7.429 s). Here |x| and |v| are cut at their extrema and zeros, known in closed form, into
  /// stretches where they are monotone; the last stretch that starts at or above 0.001 holds
  /// the answer, found by bisection to adjacent doubles.
  public var settlingDuration: Double? {
    guard damping > 0 else { return nil }
    let threshold = 0.001
    switch regime {
    case .underdamped(let decay, let omegaD, let b, let amplitude, let phase):
      // x = A·e^{−λt}·cos(ωt − φ); v = e^{−λt}((bω − λ)cos ωt − (ω + λb) sin ωt) is of the
      // same form with amplitude B and phase ψ: B·cos ψ = bω − λ, B·sin ψ = −(ω + λb).
      let vc = b * omegaD - decay
      let vs = -(omegaD + decay * b)
      return max(
        Self.lastExceedance(
          amplitude: amplitude, phase: phase, decay: decay, frequency: omegaD,
          threshold: threshold),
        Self.lastExceedance(
          amplitude: (vc * vc + vs * vs).squareRoot(), phase: atan2(vs, vc), decay: decay,
          frequency: omegaD, threshold: threshold))
    case .critical(let omega, let a):
      // x = (1 + a·t)e^{−ωt}, v = (a − ω − aω·t)e^{−ωt}: each (p + q·t)e^{−ωt}, zero at
      // −p/q, extremum at 1/ω − p/q.
      let horizon = envelopeHorizon(threshold: threshold)
      func breaks(_ p: Double, _ q: Double) -> [Double] {
        q == 0 ? [] : [-p / q, 1 / omega - p / q]
      }
      return max(
        Self.lastExceedance(
          of: displacement, breaks: breaks(1, a), horizon: horizon, threshold: threshold),
        Self.lastExceedance(
          of: velocity, breaks: breaks(a - omega, -a * omega), horizon: horizon,
          threshold: threshold))
    case .overdamped(let r1, let r2, let c1, let c2):
      // x = c1·e^{r1 t} + c2·e^{r2 t}, v = c1r1·e^{r1 t} + c2r2·e^{r2 t}; d1·e^{r1 t} + d2·e^{r2 t}
      // is zero where e^{(r1−r2)t} = −d2/d1, and its derivative is of the same form.
      let horizon = envelopeHorizon(threshold: threshold)
      func zero(_ d1: Double, _ d2: Double) -> Double? {
        let ratio = -d2 / d1
        return ratio > 0 && ratio.isFinite ? log(ratio) / (r1 - r2) : nil
      }
      let xBreaks = [zero(c1, c2), zero(c1 * r1, c2 * r2)].compactMap { $0 }
      let vBreaks = [zero(c1 * r1, c2 * r2), zero(c1 * r1 * r1, c2 * r2 * r2)].compactMap { $0 }
      return max(
        Self.lastExceedance(
          of: displacement, breaks: xBreaks, horizon: horizon, threshold: threshold),
        Self.lastExceedance(
          of: velocity, breaks: vBreaks, horizon: horizon, threshold: threshold))
    }
  }

  /// The last t ≥ 0 with |f(t)| ≥ threshold, where |f| is monotone between the given breaks
  /// (its zeros and extrema) and below the threshold from `horizon` on; 0 if there is none.
  static func lastExceedance(
    of f: (Double) -> Double, breaks: [Double], horizon: Double, threshold: Double
  ) -> Double {
    let points = [0] + breaks.filter { $0 > 0 && $0 < horizon }.sorted() + [horizon]
    // The last stretch that starts at or above the threshold: |f| falls below it inside.
    for i in stride(from: points.count - 2, through: 0, by: -1)
    where abs(f(points[i])) >= threshold {
      return lastAbove(f, points[i], points[i + 1], threshold)
    }
    return 0
  }

  /// The last t ≥ 0 with A·e^{−λt}·|cos(ωt − θ)| ≥ threshold. Its peaks are where
  /// ωt − θ = kπ − α, α = atan(λ/ω), and are A·e^{−λt}·cos α, falling with k; from a peak
  /// to the zero after it (ωt − θ = kπ + π/2) it falls. The last peak at or above the
  /// threshold has λ·t_k ≤ log(A·cos α/threshold), which gives k to within one.
  static func lastExceedance(
    amplitude: Double, phase: Double, decay: Double, frequency: Double, threshold: Double
  ) -> Double {
    let alpha = atan(decay / frequency)
    func f(_ t: Double) -> Double { amplitude * exp(-decay * t) * cos(frequency * t - phase) }
    func peak(_ k: Double) -> Double { (phase - alpha + k * Double.pi) / frequency }
    func zero(_ k: Double) -> Double { (phase + Double.pi / 2 + k * Double.pi) / frequency }
    // The first stretch that reaches past t = 0, and the last peak by the bound.
    let first = ((-phase - Double.pi / 2) / Double.pi).rounded(.down) + 1
    let limit = log(amplitude * cos(alpha) / threshold) / decay
    var k = max(((frequency * limit - phase + alpha) / Double.pi).rounded(.down), first)
    // Rounding in the bound: step to the last stretch that starts at or above the threshold
    // (a step or two; capped, since past 2⁵³ stretches k + 1 is k).
    for _ in 0..<4 where abs(f(max(peak(k + 1), 0))) >= threshold { k += 1 }
    for _ in 0..<4 where k >= first && abs(f(max(peak(k), 0))) < threshold { k -= 1 }
    guard k >= first else { return 0 }
    return lastAbove(f, max(peak(k), 0), zero(k), threshold)
  }

  /// Bisection for the last point where |f| ≥ threshold in [lo, hi], |f| falling there.
  static func lastAbove(
    _ f: (Double) -> Double, _ low: Double, _ high: Double, _ threshold: Double
  ) -> Double {
    var lo = low
    var hi = high
    if abs(f(hi)) >= threshold { return hi }
    // The bracket halves each time: at most ~1100 halvings separate two doubles.
    for _ in 0..<1100 {
      let mid = 0.5 * (lo + hi)
      guard mid > lo && mid < hi else { break }
      if abs(f(mid)) >= threshold { lo = mid } else { hi = mid }
    }
    return lo
  }
}
