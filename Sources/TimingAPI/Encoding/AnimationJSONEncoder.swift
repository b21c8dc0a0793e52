import TimingEngine

/// An animation back as JSON in the request's own vocabulary: what an action resolved to.
enum AnimationJSONEncoder {
  static func write(_ a: Animation, into w: inout JSONWriter) {
    w.beginObject()
    w.key("type")
    switch a.kind {
    case .basic: w.string("basic")
    case .keyframe: w.string("keyframe")
    case .spring: w.string("spring")
    case .group: w.string("group")
    case .transition: w.string("transition")
    }
    if let key = a.key {
      w.key("key")
      w.string(key)
    }
    if let keyPath = a.keyPath {
      w.key("keyPath")
      w.string(keyPath.text)
    }
    w.key("duration")
    w.number(a.timing.duration)
    let t = a.timing
    for (name, value, skip) in [
      ("beginTime", t.beginTime, 0.0), ("speed", t.speed, 1), ("timeOffset", t.timeOffset, 0),
      ("repeatDuration", t.repeatDuration, 0),
    ] where value != skip {
      w.key(name)
      w.number(value)
    }
    if t.repeatCount != 0 {
      w.key("repeatCount")
      if t.repeatCount.isInfinite { w.string("infinity") } else { w.number(t.repeatCount) }
    }
    if t.autoreverses {
      w.key("autoreverses")
      w.bool(true)
    }
    if t.fillMode != .removed {
      w.key("fillMode")
      w.string(t.fillMode.rawValue)
    }
    if !a.removedOnCompletion {
      w.key("removedOnCompletion")
      w.bool(false)
    }
    if a.additive {
      w.key("additive")
      w.bool(true)
    }
    if a.cumulative {
      w.key("cumulative")
      w.bool(true)
    }
    if let f = a.timingFunction {
      w.key("timingFunction")
      f.write(to: &w)
    }
    switch a.kind {
    case .basic(let values):
      writeEnds(values, into: &w)
    case .spring(let values, let curve):
      writeEnds(values, into: &w)
      for (name, value) in [
        ("mass", curve.mass), ("stiffness", curve.stiffness), ("damping", curve.damping),
        ("initialVelocity", curve.initialVelocity),
      ] {
        w.key(name)
        w.number(value)
      }
    case .keyframe(let spec):
      w.key("calculationMode")
      w.string(spec.calculationMode.rawValue)
      w.key("values")
      w.beginArray()
      for value in spec.values { value.write(to: &w) }
      w.endArray()
    case .group(let children):
      w.key("animations")
      w.beginArray()
      for child in children { write(child, into: &w) }
      w.endArray()
    case .transition(let style):
      w.key("transitionType")
      w.string(style.type.rawValue)
      w.key("subtype")
      w.string(style.subtype.rawValue)
    }
    w.endObject()
  }

  private static func writeEnds(_ values: BasicValues, into w: inout JSONWriter) {
    for (name, value) in [
      ("fromValue", values.from), ("toValue", values.to), ("byValue", values.by),
    ] {
      guard let value else { continue }
      w.key(name)
      value.write(to: &w)
    }
  }
}
