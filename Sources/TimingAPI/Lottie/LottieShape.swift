/// An item of a shape layer's `shapes` or a group's `it` (lottie-spec 1.0 "Shapes"). The
/// geometry, styles and transforms the service evaluates and writes are modelled; the other
/// types (modifiers such as trim and repeater, gradients, stars) are kept whole, as written,
/// with their type named so that what reads the file can list them.
enum LottieShape: Sendable, Equatable {
  case group(LottieShapeGroup)
  case rectangle(LottieRectangle)
  case ellipse(LottieEllipse)
  case path(LottiePathShape)
  case fill(LottieFill)
  case stroke(LottieStroke)
  case transform(LottieTransform)
  /// A type the model does not take apart (or does not know: `type` nil), as the file had it.
  case unmodelled(type: LottieShapeType?, JSONValue)

  /// lottie-spec 1.0's shape types, by `ty`.
  enum Member: String, WireMember, Hashable {
    case type = "ty"
  }

  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    guard
      let text = context.lottieString(
        context.required(value[Member.type], at: pointer / Member.type, "the shape's type"),
        at: pointer / Member.type)
    else { return nil }
    guard let type = LottieShapeType(rawValue: text) else {
      self = .unmodelled(type: nil, value)
      return
    }
    switch type {
    case .group:
      guard let group = LottieShapeGroup(json: value, at: pointer, in: &context) else { return nil }
      self = .group(group)
    case .rectangle:
      guard let shape = LottieRectangle(json: value, at: pointer, in: &context) else { return nil }
      self = .rectangle(shape)
    case .ellipse:
      guard let shape = LottieEllipse(json: value, at: pointer, in: &context) else { return nil }
      self = .ellipse(shape)
    case .path:
      guard let shape = LottiePathShape(json: value, at: pointer, in: &context) else { return nil }
      self = .path(shape)
    case .fill:
      guard let shape = LottieFill(json: value, at: pointer, in: &context) else { return nil }
      self = .fill(shape)
    case .stroke:
      guard let shape = LottieStroke(json: value, at: pointer, in: &context) else { return nil }
      self = .stroke(shape)
    case .transform:
      guard let shape = LottieTransform(json: value, at: pointer, in: &context) else { return nil }
      self = .transform(shape)
    case .polystar, .gradientFill, .gradientStroke, .noStyle, .roundedCorners, .puckerBloat,
      .merge, .twist, .offsetPath, .zigZag, .trim, .repeater:
      self = .unmodelled(type: type, value)
    }
  }

  func write(to w: inout JSONWriter) {
    switch self {
    case .group(let shape): shape.write(to: &w)
    case .rectangle(let shape): shape.write(to: &w)
    case .ellipse(let shape): shape.write(to: &w)
    case .path(let shape): shape.write(to: &w)
    case .fill(let shape): shape.write(to: &w)
    case .stroke(let shape): shape.write(to: &w)
    case .transform(let shape): shape.write(to: &w)
    case .unmodelled(_, let value): w.value(value)
    }
  }
}

/// `ty` of a shape item, lottie-spec 1.0 "Shapes".
enum LottieShapeType: String, Sendable, CaseIterable {
  case group = "gr"
  case rectangle = "rc"
  case ellipse = "el"
  case polystar = "sr"
  case path = "sh"
  case fill = "fl"
  case stroke = "st"
  case gradientFill = "gf"
  case gradientStroke = "gs"
  case noStyle = "no"
  case transform = "tr"
  case roundedCorners = "rd"
  case puckerBloat = "pb"
  case merge = "mm"
  case twist = "tw"
  case offsetPath = "op"
  case zigZag = "zz"
  case trim = "tm"
  case repeater = "rp"
}
