import TimingEngine

/// A timeline request's `sample` (api.md "Timelines"): `{from, to, fps}` (inclusive of both
/// ends) or `{times: [...]}`, read as the scene times to sample.
struct SampleRequest {
  /// The members of `{"times"}`.
  enum TimesMember: String, WireMember {
    case times
  }

  /// The members of `{from, to, fps}`.
  enum RangeMember: String, WireMember {
    case from, to, fps
  }

  var times: [Double] = []

  /// No times when absent or invalid (reported); at most `maxSamples` of them.
  init(
    json value: JSONValue?, at pointer: JSONPointer, maxSamples: Int,
    in context: inout DecodingContext
  ) {
    guard let members = context.object(value, at: pointer) else {
      if value == nil {
        context.fail(
          pointer,
          "is required: {\"to\"} (with \"from\", default 0, and \"fps\", default 60) or {\"times\": [...]}"
        )
      }
      return
    }
    let sample = JSONValue.object(members)
    if let times = sample[TimesMember.times] {
      let at = pointer / TimesMember.times
      context.rejectUnknownMembers(sample, allowed: TimesMember.self, at: pointer)
      if case .array(let items) = times, items.count > maxSamples {
        context.fail(at, Self.tooMany(items.count, "", maxSamples))
        return
      }
      guard let items = context.array(times, at: at, max: maxSamples) else {
        return
      }
      self.times = items.enumerated().compactMap { i, item in
        context.number(item, at: at / i, what: "a scene time")
      }
      return
    }
    times = Self.range(sample, at: pointer, maxSamples: maxSamples, in: &context)
  }

  /// `{from, to, fps}`: from (0 when absent) to `to` every 1/fps s (60 fps when absent).
  private static func range(
    _ sample: JSONValue, at pointer: JSONPointer, maxSamples: Int,
    in context: inout DecodingContext
  ) -> [Double] {
    context.rejectUnknownMembers(sample, allowed: RangeMember.self, at: pointer)
    let from = context.number(
      sample[RangeMember.from] ?? .number(0), at: pointer / RangeMember.from, what: "a scene time")
    let to = context.number(
      sample[RangeMember.to], at: pointer / RangeMember.to, what: "a scene time")
    let fps = context.number(
      sample[RangeMember.fps] ?? .number(60), at: pointer / RangeMember.fps, in: 0.001...1000,
      what: "frames per second")
    if sample[RangeMember.to] == nil {
      context.fail(pointer / RangeMember.to, "is required: the last time to sample")
    }
    guard let from, let to, let fps else { return [] }
    guard to >= from else {
      context.fail(pointer / RangeMember.to, "must not be before from")
      return []
    }
    let intervals = ((to - from) * fps + 1e-9).rounded(.down)
    guard intervals < Double(maxSamples) else {
      context.fail(
        pointer,
        Self.tooMany(
          intervals + 1,
          " (from \(numberText(from)) to \(numberText(to)) at \(numberText(fps)) fps, both ends counted)",
          maxSamples) + "; lower fps or shorten the range")
      return []
    }
    // 0 ≤ intervals < maxSamples here (to ≥ from, fps > 0, and NaN fails the guard).
    let count = Int(truncating: intervals, clampedTo: 0...maxSamples, ifNaN: 0) + 1
    // from + i/fps for each i (not repeated addition), so the last frame lands exactly.
    return (0..<count).map { from + Double($0) / fps }
  }

  /// The one message for too many samples, by either form: how many the request makes, the
  /// limit, and the flag that sets it (README "Limits").
  private static func tooMany(_ count: Double, _ how: String, _ limit: Int) -> String {
    "the request makes \(numberText(count)) samples\(how); the limit is \(limit) (--max-samples)"
  }

  private static func tooMany(_ count: Int, _ how: String, _ limit: Int) -> String {
    tooMany(Double(count), how, limit)
  }
}
