import TimingEngine

/// A timeline's `events` (api.md "Timelines"): delegate events (`didStart`, `didStop`) and
/// completion blocks, in time order.
extension DelegateEvent {
  /// An event's members: a delegate event's `layer`, `key`, `finished` (didStop) and
  /// `animation`; a completion block's `name` and `finished`.
  enum Member: String, WireMember {
    case time, layer, key, event, finished, name, animation
  }

  /// A completion block's `event`, beside the delegate's `Kind`s.
  static let completion = "completion"

  /// Delegate events and completion blocks in time order (a completion after the stops at its
  /// time, since it runs when they have happened).
  static func write(
    _ events: [DelegateEvent], completions: [CompletionEvent], to w: inout JSONWriter
  ) {
    w.beginArray()
    var pending = completions[...]
    func flushCompletions(before time: Double, _ w: inout JSONWriter) {
      while let next = pending.first, next.time < time {
        w.beginObject()
        w.member(Member.time, next.time)
        w.member(Member.event, DelegateEvent.completion)
        w.member(Member.name, next.name)
        w.member(Member.finished, next.finished)
        w.endObject()
        pending = pending.dropFirst()
      }
    }
    for event in events {
      flushCompletions(before: event.time, &w)
      w.beginObject()
      w.member(Member.time, event.time)
      w.member(Member.layer, event.layer)
      w.key(Member.key)
      if let key = event.key { w.string(key) } else { w.null() }
      w.member(Member.event, event.kind.rawValue)
      if let finished = event.finished {
        w.member(Member.finished, finished)
      }
      w.member(Member.animation, JSONPointer(event.source).description)
      w.endObject()
    }
    flushCompletions(before: .infinity, &w)
    w.endArray()
  }
}
