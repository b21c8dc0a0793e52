/// CSS `steps(n, position)` (CSS Easing Level 2, "step easing functions").
public struct Steps: Sendable, Hashable {
  public enum JumpPosition: String, Sendable, Hashable, CaseIterable {
    case jumpStart = "jump-start"
    case jumpEnd = "jump-end"
    case jumpNone = "jump-none"
    case jumpBoth = "jump-both"
  }

  public let count: Int
  public let position: JumpPosition

  /// `count` ≥ 1, or ≥ 2 for `jump-none` (validated by the parser).
  public init(count: Int, position: JumpPosition) {
    precondition(count >= (position == .jumpNone ? 2 : 1), "validated by the parser")
    self.count = count
    self.position = position
  }

  /// The number of jumps in the output, which sets the height of each step.
  public var jumps: Int {
    switch position {
    case .jumpStart, .jumpEnd: count
    case .jumpNone: count - 1
    case .jumpBoth: count + 1
    }
  }

  /// The CSS algorithm step by step. `beforeFlag` is set when an animation is in its before
  /// phase (or playing backwards through a step), so that at a step boundary the value before
  /// the jump is shown.
  public func evaluate(_ x: Double, beforeFlag: Bool = false) -> Double {
    let n = Double(count)
    let scaled = x * n
    var current = scaled.rounded(.down)
    if position == .jumpStart || position == .jumpBoth { current += 1 }
    if beforeFlag && scaled == scaled.rounded(.down) { current -= 1 }
    if x >= 0 && current < 0 { current = 0 }
    let jumps = Double(self.jumps)
    if x <= 1 && current > jumps { current = jumps }
    return current / jumps
  }
}
