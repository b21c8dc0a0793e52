/// An item of a shape layer's `shapes` or a group's `it` (lottie-spec 1.0 "Shapes"): what
/// every item has — its type `ty`, name, match name, whether it is hidden — read and written
/// here once, and its kind's own members (`Content`). The geometry, styles and transforms the
/// service evaluates and writes are modelled; the other kinds (modifiers such as trim and
/// repeater, gradients, stars) are kept whole, as written, with their type named so that what
/// reads the file can list them.
struct LottieShape: LottieCoding {
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
  enum Member: String, WireMember, Hashable {
    case type = "ty", name = "nm", matchName = "mn", hidden = "hd"
  }

  enum Content: Sendable, Equatable {
    case group(LottieShapeGroup)
    case rectangle(LottieRectangle)
    case ellipse(LottieEllipse)
    case path(LottiePathShape)
    case fill(LottieFill)
    case stroke(LottieStroke)
    case transform(LottieTransform)
    /// A kind the model does not take apart (or does not know: `type` nil), as the file had
    /// it, its type and name included.
    case unmodelled(type: LottieShapeType?, JSONValue)
  }

  var name: String?
  var matchName: String?
  var hidden: Bool?
  var content: Content

  init(_ content: Content, name: String? = nil) {
    self.content = content
    self.name = name
  }

  /// Its `ty`; nil for a kind lottie-spec 1.0 does not name.
  var type: LottieShapeType? {
    switch content {
    case .group: .group
    case .rectangle: .rectangle
    case .ellipse: .ellipse
    case .path: .path
    case .fill: .fill
    case .stroke: .stroke
    case .transform: .transform
    case .unmodelled(let type, _): type
    }
  }

  /// The members read here, which a kind's own reading leaves out: made once, not per item.
  private static let memberNames = Member.names

  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    guard case .object = value else {
      context.fail(pointer, "must be an object, not \(value.typeName)")
      return nil
    }
    let typePointer = pointer / Member.type
    guard
      let text = context.lottieString(
        context.required(value[Member.type], at: typePointer, "the shape's type"),
        at: typePointer)
    else { return nil }
    guard let type = LottieShapeType(rawValue: text) else {
      self.init(.unmodelled(type: nil, value))
      return
    }
    /// The kind's own members, without those read here.
    func own<Kind: LottieObject>(_: Kind.Type, _ context: inout DecodingContext) -> Kind? {
      Kind(json: value, at: pointer, in: &context, excluding: Self.memberNames)
    }
    let content: Content?
    switch type {
    case .group: content = own(LottieShapeGroup.self, &context).map(Content.group)
    case .rectangle: content = own(LottieRectangle.self, &context).map(Content.rectangle)
    case .ellipse: content = own(LottieEllipse.self, &context).map(Content.ellipse)
    case .path: content = own(LottiePathShape.self, &context).map(Content.path)
    case .fill: content = own(LottieFill.self, &context).map(Content.fill)
    case .stroke: content = own(LottieStroke.self, &context).map(Content.stroke)
    case .transform: content = own(LottieTransform.self, &context).map(Content.transform)
    case .polystar, .gradientFill, .gradientStroke, .noStyle, .roundedCorners, .puckerBloat,
      .merge, .twist, .offsetPath, .zigZag, .trim, .repeater:
      content = .unmodelled(type: type, value)
    }
    guard let content else { return nil }
    self.init(content)
    if case .unmodelled = content { return }
    name = value[Member.name].flatMap { context.lottieString($0, at: pointer / Member.name) }
    matchName = value[Member.matchName].flatMap {
      context.lottieString($0, at: pointer / Member.matchName)
    }
    hidden = value[Member.hidden].flatMap { context.bool($0, at: pointer / Member.hidden) }
  }

  func write(to w: inout JSONWriter) {
    func writeItem<Kind: LottieObject>(_ type: LottieShapeType, _ kind: Kind) {
      w.beginObject()
      for member in Member.allCases {
        switch member {
        case .type:
          w.member(member, type.rawValue)
        case .name: w.lottie(member, name)
        case .matchName: w.lottie(member, matchName)
        case .hidden: w.lottie(member, hidden)
        }
      }
      kind.writeMembers(to: &w)
      w.endObject()
    }
    switch content {
    case .group(let kind): writeItem(.group, kind)
    case .rectangle(let kind): writeItem(.rectangle, kind)
    case .ellipse(let kind): writeItem(.ellipse, kind)
    case .path(let kind): writeItem(.path, kind)
    case .fill(let kind): writeItem(.fill, kind)
    case .stroke(let kind): writeItem(.stroke, kind)
    case .transform(let kind): writeItem(.transform, kind)
    case .unmodelled(_, let value): w.value(value)
    }
  }
}
