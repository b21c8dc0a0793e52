import TimingEngine

/// One animated CSS value of one element as `@keyframes` (docs/lottie-export.md): keyframes at
/// offsets 0…1 of the animation, each with the numbers of its value and the timing function
/// from it to the next — what a browser plays, and what `value(at:)` plays the same way to
/// measure the export (CSS Animations 1 §"Keyframes": the segment's timing function applies
/// to the progress between the two keyframes, values interpolated number by number).
struct CSSKeyframes: Sendable {
  /// A keyframe's `animation-timing-function`.
  enum Easing: Sendable, Equatable {
    case linear
    /// `cubic-bezier(x1, y1, x2, y2)`, x1 and x2 in 0…1.
    case cubic(Double, Double, Double, Double)
    /// `steps(1, end)`: the value holds until the next keyframe (a Lottie hold).
    case holdToEnd

    /// The progress at a fraction x of the segment.
    func progress(_ x: Double) -> Double {
      switch self {
      case .linear: x
      case .cubic(let x1, let y1, let x2, let y2): CubicBezier(x1, y1, x2, y2).solve(x)
      case .holdToEnd: x >= 1 ? 1 : 0
      }
    }
  }

  struct Keyframe: Sendable {
    var offset: Double
    var values: [Double]
    /// From this keyframe to the next.
    var easing: Easing
  }

  var keyframes: [Keyframe]

  /// Whether every keyframe holds one value: nothing to animate.
  var isStill: Bool {
    keyframes.allSatisfy { $0.values == keyframes.first?.values }
  }

  /// The value at `offset` (0…1) as a browser interpolates it.
  func value(at offset: Double) -> [Double] {
    guard let first = keyframes.first else { return [] }
    if offset <= first.offset { return first.values }
    // The last keyframe at or before the offset: a binary search over offsets in order.
    var (lo, hi) = (0, keyframes.count - 1)
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if keyframes[mid].offset <= offset { lo = mid } else { hi = mid - 1 }
    }
    guard lo + 1 < keyframes.count else { return keyframes[lo].values }
    let (a, b) = (keyframes[lo], keyframes[lo + 1])
    let u = a.easing.progress((offset - a.offset) / (b.offset - a.offset))
    return a.values.indices.map { a.values[$0] + (b.values[$0] - a.values[$0]) * u }
  }
}
