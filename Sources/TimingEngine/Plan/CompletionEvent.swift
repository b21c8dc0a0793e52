/// A transaction's or animation block's completion block running (semantics.md §5.4, §5.5).
public struct CompletionEvent: Sendable, Equatable {
  public let time: Double
  public let name: String
  /// Whether every animation it waited for finished (UIKit's `finished` argument).
  public let finished: Bool
}
