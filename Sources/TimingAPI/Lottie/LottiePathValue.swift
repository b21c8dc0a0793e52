/// A Bézier path (lottie-spec 1.0 "Bezier"): vertices `v`, their in and out tangents `i`/`o`
/// relative to each vertex, and whether it is closed (`c`). A keyframe's `s` holds it in an
/// array of one (bodymovin's form), a still `k` as the object; which form is kept.
struct LottiePathValue: LottieValue {
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
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
    // A path's points are required (lottie-spec 1.0 "Bezier"): written back as an empty list,
    // a missing one would become a path of no points the file did not have.
    func points(_ member: Member) -> [[Double]] {
      let at = objectPointer / member
      guard let item = context.required(members[member], at: at, "a list of points") else {
        return []
      }
      return Self.points(item, at: at, in: &context)
    }
    closed = members[.closed].flatMap { context.bool($0, at: objectPointer / Member.closed) }
    inTangents = points(.inTangents)
    outTangents = points(.outTangents)
    vertices = points(.vertices)
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
