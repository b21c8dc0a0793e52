import TimingEngine

/// One side of a diff (docs/diff.md): a Lottie document or a scene, each layer's motion at the
/// diff's times in one form both have — where the layer's box lands on the screen, the opacity
/// it is drawn at, whether it is drawn, and its colours — so that a scene and its Lottie export
/// compare as what a viewer sees.
struct MotionSide: Sendable {
  enum Kind: String, Sendable {
    case lottie, scene
  }

  /// How a layer's key names it: a Lottie layer by its JSON Pointer (names repeat in real
  /// files), a scene's by its name (unique in a scene).
  struct Layer: Sendable {
    let key: String
    let name: String?
    /// Its box in its own space, x0 y0 x1 y1: one box (a Lottie layer's `box`), or one a time
    /// (a scene layer's bounds, which may change).
    let boxes: [Double]
    /// The world transform at each time, a b c d tx ty: (x, y) is drawn at
    /// (a·x + c·y + tx, b·x + d·y + ty).
    let world: [Double]
    /// The opacity drawn at each time (0–1).
    let opacity: [Double]
    /// Whether it is drawn at each time: shown, and not wholly transparent.
    let drawn: [Bool]
    /// Its colours, each r g b a (0–1) at each time: a solid's or a scene layer's
    /// `backgroundColor`, a fill's or stroke's keyed by its pointer within the layer.
    let colors: [(key: String, values: [Double])]

    /// The box's corners on the screen at time `k`.
    func corners(at k: Int) -> [(x: Double, y: Double)] {
      let b = boxes.count == 4 ? 0 : 4 * k
      let (x0, y0, x1, y1) = (boxes[b], boxes[b + 1], boxes[b + 2], boxes[b + 3])
      let m = 6 * k
      return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map { p in
        (
          world[m] * p.0 + world[m + 2] * p.1 + world[m + 4],
          world[m + 1] * p.0 + world[m + 3] * p.1 + world[m + 5]
        )
      }
    }
  }

  /// What a side leaves out of the comparison: a Lottie document's by pointer (its timeline's
  /// `notEvaluated`), a scene's by layer (a property no form of the comparison holds).
  struct Omission: Sendable {
    let layer: String?
    let pointer: String?
    let feature: String
    let detail: String
  }

  /// At or under this opacity a layer draws nothing (lottie-web hides one at 0, and keeps
  /// 3e-14 where a value reached 0: docs/lottie.md "Lint").
  static let transparent = 1e-6

  let kind: Kind
  let layers: [Layer]
  let notCompared: [Omission]
  let warnings: [SceneWarning]

}
