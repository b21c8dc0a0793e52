/// A Bézier path (lottie-spec 1.0 "Bezier"): vertices `v`, their in and out tangents `i`/`o`
/// relative to each vertex, and whether it is closed (`c`). A keyframe's `s` holds it in an
/// array of one (bodymovin's form), a still `k` as the object; which form is kept.
struct LottiePathValue: LottieValue {
  // swift-format-ignore: Lottie's keys, packed a few to a line
  enum Member: String, WireMember, Hashable {
    case closed = "c", inTangents = "i", outTangents = "o", vertices = "v"
  }

  var closed: Bool?
  var inTangents: [[Double]] = []
  var outTangents: [[Double]] = []
  var vertices: [[Double]] = []
  var others = LottieOtherMembers()
  /// Written as `[{…}]`, as a keyframe's value is.
  var inArray = false

  init(vertices: [[Double]], inTangents: [[Double]], outTangents: [[Double]], closed: Bool) {
    self.vertices = vertices
    self.inTangents = inTangents
    self.outTangents = outTangents
    self.closed = closed
  }

  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    var object = value
    var objectPointer = pointer
    if case .array(let items) = value {
      guard items.count == 1 else {
        context.fail(pointer, "must be a path or an array of one path, not \(items.count) entries")
        return nil
      }
      object = items[0]
      objectPointer = pointer / 0
      inArray = true
    }
    guard let members = context.lottieMembers(object, at: objectPointer, as: Member.self) else {
      return nil
    }
    for member in Member.allCases {
      guard let item = members[member] else { continue }
      let at = objectPointer / member
      switch member {
      case .closed: closed = context.bool(item, at: at)
      case .inTangents: inTangents = Self.points(item, at: at, in: &context)
      case .outTangents: outTangents = Self.points(item, at: at, in: &context)
      case .vertices: vertices = Self.points(item, at: at, in: &context)
      }
    }
    others = members.others
    guard inTangents.count == vertices.count, outTangents.count == vertices.count else {
      context.fail(
        objectPointer,
        "has \(vertices.count) vertices but \(inTangents.count) in and \(outTangents.count) out tangents"
      )
      return nil
    }
  }

  private static func points(
    _ value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext
  ) -> [[Double]] {
    context.lottieArray(value, at: pointer) { item, at, context in
      LottieNumbers(json: item, at: at, in: &context)?.values
    } ?? []
  }

  func write(to w: inout JSONWriter) {
    if inArray { w.beginArray() }
    w.beginObject()
    for member in Member.allCases {
      switch member {
      case .closed:
        if let closed {
          w.member(member, closed)
        }
      case .inTangents: Self.write(member, inTangents, to: &w)
      case .outTangents: Self.write(member, outTangents, to: &w)
      case .vertices: Self.write(member, vertices, to: &w)
      }
    }
    others.write(to: &w)
    w.endObject()
    if inArray { w.endArray() }
  }

  private static func write(_ member: Member, _ points: [[Double]], to w: inout JSONWriter) {
    w.key(member)
    w.beginArray()
    for point in points { w.numberArray(point) }
    w.endArray()
  }
}
