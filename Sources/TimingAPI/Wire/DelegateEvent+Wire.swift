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
        w.key(Member.time)
        w.number(next.time)
        w.key(Member.event)
        w.string(DelegateEvent.completion)
        w.key(Member.name)
        w.string(next.name)
        w.key(Member.finished)
        w.bool(next.finished)
        w.endObject()
        pending = pending.dropFirst()
      }
    }
    for event in events {
      flushCompletions(before: event.time, &w)
      w.beginObject()
      w.key(Member.time)
      w.number(event.time)
      w.key(Member.layer)
      w.string(event.layer)
      w.key(Member.key)
      if let key = event.key { w.string(key) } else { w.null() }
      w.key(Member.event)
      w.string(event.kind.rawValue)
      if let finished = event.finished {
        w.key(Member.finished)
        w.bool(finished)
      }
      w.key(Member.animation)
      w.string(JSONPointer(event.source).description)
      w.endObject()
    }
    flushCompletions(before: .infinity, &w)
    w.endArray()
  }
}
