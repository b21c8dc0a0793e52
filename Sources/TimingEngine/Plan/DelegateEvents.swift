/// An animation delegate callback (semantics.md §6).
public struct DelegateEvent: Sendable, Equatable {
  public enum Kind: String, Sendable { case didStart, didStop }
  public let time: Double
  public let layer: String
  public let key: String?
  public let kind: Kind
  /// For didStop: whether the animation ran to the end of its active duration.
  public let finished: Bool?
  /// Where the animation was declared (JSON Pointer tokens).
  public let source: [String]
}

enum DelegateEvents {
  /// didStart when the active duration begins (or at the add, if that is later); didStop when it
  /// ends, or `finished: false` at an earlier removal. Times are solved in scene time through the
  /// layer's clock, which is affine.
  static func events(for animation: CompiledAnimation, clock: LayerClock, layerName: String)
    -> [DelegateEvent]
  {
    let (slope, intercept) = clock.affine
    let timing = animation.timing
    let alpha = slope * timing.speed
    let beta = (intercept - timing.beginTime) * timing.speed
    let ad = animation.activeDuration
    var start: Double
    var end: Double
    if alpha > 0 {
      start = -beta / alpha
      end = ad.isInfinite ? .infinity : (ad - beta) / alpha
    } else if alpha < 0 {
      start = ad.isInfinite ? -.infinity : (ad - beta) / alpha
      end = -beta / alpha
    } else if beta >= 0 && beta < ad {
      (start, end) = (-.infinity, .infinity)
    } else {
      (start, end) = (.infinity, .infinity)
    }
    let added = animation.addedAt
    let removal = animation.removal.time
    func event(_ time: Double, _ kind: DelegateEvent.Kind, _ finished: Bool?) -> DelegateEvent {
      DelegateEvent(
        time: time, layer: layerName, key: animation.key, kind: kind, finished: finished,
        source: animation.source)
    }
    guard start < .infinity, start < removal else {
      // Never active while attached: only an early removal is reported.
      return removal.isFinite ? [event(removal, .didStop, false)] : []
    }
    let startTime = max(start, added)
    var result = [event(startTime, .didStart, nil)]
    // Removed exactly as it ends: it did finish.
    if end.isFinite && end <= removal {
      result.append(event(max(end, startTime), .didStop, true))
    } else if removal.isFinite {
      result.append(event(removal, .didStop, false))
    }
    return result
  }

  /// In time order; at equal times a stop comes before a start (a replaced animation stops
  /// before its replacement starts).
  static func ordered(_ events: [DelegateEvent]) -> [DelegateEvent] {
    events.enumerated().sorted { a, b in
      if a.element.time != b.element.time { return a.element.time < b.element.time }
      if a.element.kind != b.element.kind { return a.element.kind == .didStop }
      return a.offset < b.offset
    }.map(\.element)
  }
}
