/// A Lottie object of the model: its members are the cases of one enum of Lottie's keys
/// (`case position = "p"`), each with its field in one table (`fields`: its stored property's
/// key path and how it is read and written, one entry that reading and writing both follow),
/// and the members it does not name are kept in order for a round trip (`others`). Read and
/// written here, once for every object. A case without a field is read and written as a member
/// the model does not name — kept, never dropped or a crash — and
/// `LottieModelTests.everyMemberHasAField` fails until it has one.
protocol LottieObject: LottieCoding {
  associatedtype Member: WireMember & Hashable
  init()
  var others: LottieOtherMembers { get set }
  /// Made once: a field is closures over a key path, which made per member of each object read
  /// or written would be allocated anew.
  static var fields: [Member: LottieField<Self>] { get }
}

extension LottieObject {
  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    self.init(json: value, at: pointer, in: &context, excluding: [])
  }

  /// The object, but for the members named in `excluding`, which an enclosing reading takes
  /// (a shape item's type and name, `LottieShape`'s).
  init?(
    json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext,
    excluding: Set<String>
  ) {
    guard let object = context.object(value, at: pointer) else { return nil }
    let members = LottieMembers<Member>(object.filter { !excluding.contains($0.0) }) {
      Self.fields[$0] != nil
    }
    self.init()
    for member in Member.allCases {
      guard let item = members[member], let field = Self.fields[member] else { continue }
      field.read(item, pointer / member, &self, &context)
    }
    others = members.others
  }

  func write(to w: inout JSONWriter) { write(to: &w) { _ in } }

  /// Writes the object; `appending` writes members of the writer's own after the model's (the
  /// export's account of itself, which players ignore).
  func write(to w: inout JSONWriter, appending: (inout JSONWriter) -> Void) {
    w.beginObject()
    writeMembers(to: &w)
    appending(&w)
    w.endObject()
  }

  /// Its members without the braces around them: the model's, then the others.
  func writeMembers(to w: inout JSONWriter) {
    for member in Member.allCases { Self.fields[member]?.write(self, member.rawValue, &w) }
    others.write(to: &w)
  }

  /// The animated property a member holds, for code that treats them alike (the export places
  /// each of its properties by member); nil, and setting does nothing, for any other member.
  subscript(animated member: Member) -> LottieAnimated<LottieNumbers>? {
    get { Self.fields[member]?.animated?(self) }
    set { Self.fields[member]?.setAnimated?(&self, newValue) }
  }
}
