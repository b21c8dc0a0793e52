/// A marker (lottie-spec 1.0 "Marker"): a named span of frames, `tm` to `tm` + `dr`.
struct LottieMarker: Sendable, Equatable {
  enum Member: String, WireMember, Hashable {
    case comment = "cm"
    case time = "tm"
    case duration = "dr"
  }

  var comment: String?
  var time: Double?
  var duration: Double?
  var others = LottieOtherMembers()

  init() {}

  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    guard let members = context.lottieMembers(value, at: pointer, as: Member.self) else {
      return nil
    }
    for member in Member.allCases {
      guard let item = members[member] else { continue }
      let at = pointer / member
      switch member {
      case .comment: comment = context.lottieString(item, at: at)
      case .time: time = context.lottieNumber(item, at: at)
      case .duration: duration = context.lottieNumber(item, at: at)
      }
    }
    others = members.others
  }

  func write(to w: inout JSONWriter) {
    w.beginObject()
    for member in Member.allCases {
      switch member {
      case .comment: LottieWriting.string(comment, member, to: &w)
      case .time: LottieWriting.number(time, member, to: &w)
      case .duration: LottieWriting.number(duration, member, to: &w)
      }
    }
    others.write(to: &w)
    w.endObject()
  }
}
