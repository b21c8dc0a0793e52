/// A layer (lottie-spec 1.0 "Layers"): what every layer has (type, name, index, parent, the
/// frames `ip`…`op` it shows, its start `st` and time stretch `sr`, transform `ks`, blend mode,
/// matte, masks), and each type's own: a precomposition's asset `refId`, size and time remap
/// `tm` (seconds of the precomposition at each frame), a solid's colour and size, a shape
/// layer's `shapes`. Masks, effects and text are kept as written: the service neither draws
/// nor evaluates them; what reads a file lists them, and a round trip keeps them.
struct LottieLayer: Sendable, Equatable {
  enum Member: String, WireMember, Hashable {
    /// The layer type (`LottieLayer.Kind`).
    case type = "ty"
    case name = "nm"
    case matchName = "mn"
    /// The layer's index, which `parent` and `tp` refer to.
    case index = "ind"
    case parent
    case hidden = "hd"
    /// 1 for a 3D layer.
    case threeD = "ddd"
    /// The first frame it shows.
    case inPoint = "ip"
    /// The frame it stops showing at (not shown).
    case outPoint = "op"
    /// The frame its own time 0 falls on.
    case startTime = "st"
    /// Its time's stretch: 2 plays it at half speed.
    case timeStretch = "sr"
    case blendMode = "bm"
    case transform = "ks"
    /// 1: rotated along its position's path.
    case autoOrient = "ao"
    case shapes
    /// A precomposition's or image's asset.
    case referenceID = "refId"
    case width = "w"
    case height = "h"
    /// A precomposition's time remap: its time, in seconds, at each frame.
    case timeRemap = "tm"
    /// A solid layer's colour, `#rrggbb`.
    case solidColor = "sc"
    case solidWidth = "sw"
    case solidHeight = "sh"
    case matteMode = "tt"
    case matteParent = "tp"
    case matteTarget = "td"
    case hasMask
    case masks = "masksProperties"
    case effects = "ef"
    case text = "t"
    case className = "cl"
    case layerID = "ln"
    case collapseTransform = "ct"
  }

  var type: Int?
  var name: String?
  var matchName: String?
  var index: Int?
  var parent: Int?
  var hidden: Bool?
  var threeD: Int?
  var inPoint: Double?
  var outPoint: Double?
  var startTime: Double?
  var timeStretch: Double?
  var blendMode: Int?
  var transform: LottieTransform?
  var autoOrient: Int?
  var shapes: [LottieShape]?
  var referenceID: String?
  var width: Double?
  var height: Double?
  var timeRemap: LottieAnimated<LottieNumbers>?
  var solidColor: String?
  var solidWidth: Double?
  var solidHeight: Double?
  var matteMode: Int?
  var matteParent: Int?
  var matteTarget: Int?
  var hasMask: Bool?
  var masks: JSONValue?
  var effects: JSONValue?
  var text: JSONValue?
  var className: String?
  var layerID: String?
  var collapseTransform: Int?
  var others = LottieOtherMembers()

  /// lottie-spec 1.0's layer types (`ty`).
  enum Kind: Int, Sendable, CaseIterable {
    case precomposition = 0
    case solid = 1
    case image = 2
    case null = 3
    case shape = 4
    case text = 5
    case audio = 6
    case videoPlaceholder = 7
    case imageSequence = 8
    case video = 9
    case imagePlaceholder = 10
    case guide = 11
    case adjustment = 12
    case camera = 13
    case light = 14
    case data = 15
  }

  /// The type, where lottie-spec 1.0 names it.
  var kind: Kind? { type.flatMap(Kind.init(rawValue:)) }

  init() {}

  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    guard let members = context.lottieMembers(value, at: pointer, as: Member.self) else {
      return nil
    }
    for member in Member.allCases {
      guard let item = members[member] else { continue }
      let at = pointer / member
      switch member {
      case .type: type = context.lottieInteger(item, at: at)
      case .name: name = context.lottieString(item, at: at)
      case .matchName: matchName = context.lottieString(item, at: at)
      case .index: index = context.lottieInteger(item, at: at)
      case .parent: parent = context.lottieInteger(item, at: at)
      case .hidden: hidden = context.bool(item, at: at)
      case .threeD: threeD = context.lottieInteger(item, at: at)
      case .inPoint: inPoint = context.lottieNumber(item, at: at)
      case .outPoint: outPoint = context.lottieNumber(item, at: at)
      case .startTime: startTime = context.lottieNumber(item, at: at)
      case .timeStretch: timeStretch = context.lottieNumber(item, at: at)
      case .blendMode: blendMode = context.lottieInteger(item, at: at)
      case .transform: transform = LottieTransform(json: item, at: at, in: &context)
      case .autoOrient: autoOrient = context.lottieInteger(item, at: at)
      case .shapes:
        shapes = context.lottieArray(item, at: at) { item, at, context in
          LottieShape(json: item, at: at, in: &context)
        }
      case .referenceID: referenceID = context.lottieString(item, at: at)
      case .width: width = context.lottieNumber(item, at: at)
      case .height: height = context.lottieNumber(item, at: at)
      case .timeRemap: timeRemap = LottieAnimated(json: item, at: at, in: &context)
      case .solidColor: solidColor = context.lottieString(item, at: at)
      case .solidWidth: solidWidth = context.lottieNumber(item, at: at)
      case .solidHeight: solidHeight = context.lottieNumber(item, at: at)
      case .matteMode: matteMode = context.lottieInteger(item, at: at)
      case .matteParent: matteParent = context.lottieInteger(item, at: at)
      case .matteTarget: matteTarget = context.lottieInteger(item, at: at)
      case .hasMask: hasMask = context.bool(item, at: at)
      case .masks: masks = item
      case .effects: effects = item
      case .text: text = item
      case .className: className = context.lottieString(item, at: at)
      case .layerID: layerID = context.lottieString(item, at: at)
      case .collapseTransform: collapseTransform = context.lottieInteger(item, at: at)
      }
    }
    others = members.others
  }

  func write(to w: inout JSONWriter) {
    w.beginObject()
    for member in Member.allCases {
      switch member {
      case .type: LottieWriting.integer(type, member, to: &w)
      case .name: LottieWriting.string(name, member, to: &w)
      case .matchName: LottieWriting.string(matchName, member, to: &w)
      case .index: LottieWriting.integer(index, member, to: &w)
      case .parent: LottieWriting.integer(parent, member, to: &w)
      case .hidden: LottieWriting.bool(hidden, member, to: &w)
      case .threeD: LottieWriting.integer(threeD, member, to: &w)
      case .inPoint: LottieWriting.number(inPoint, member, to: &w)
      case .outPoint: LottieWriting.number(outPoint, member, to: &w)
      case .startTime: LottieWriting.number(startTime, member, to: &w)
      case .timeStretch: LottieWriting.number(timeStretch, member, to: &w)
      case .blendMode: LottieWriting.integer(blendMode, member, to: &w)
      case .transform:
        guard let transform else { continue }
        w.key(member)
        transform.write(to: &w)
      case .autoOrient: LottieWriting.integer(autoOrient, member, to: &w)
      case .shapes:
        guard let shapes else { continue }
        w.key(member)
        w.beginArray()
        for item in shapes { item.write(to: &w) }
        w.endArray()
      case .referenceID: LottieWriting.string(referenceID, member, to: &w)
      case .width: LottieWriting.number(width, member, to: &w)
      case .height: LottieWriting.number(height, member, to: &w)
      case .timeRemap:
        guard let timeRemap else { continue }
        w.key(member)
        timeRemap.write(to: &w)
      case .solidColor: LottieWriting.string(solidColor, member, to: &w)
      case .solidWidth: LottieWriting.number(solidWidth, member, to: &w)
      case .solidHeight: LottieWriting.number(solidHeight, member, to: &w)
      case .matteMode: LottieWriting.integer(matteMode, member, to: &w)
      case .matteParent: LottieWriting.integer(matteParent, member, to: &w)
      case .matteTarget: LottieWriting.integer(matteTarget, member, to: &w)
      case .hasMask: LottieWriting.bool(hasMask, member, to: &w)
      case .masks: LottieWriting.json(masks, member, to: &w)
      case .effects: LottieWriting.json(effects, member, to: &w)
      case .text: LottieWriting.json(text, member, to: &w)
      case .className: LottieWriting.string(className, member, to: &w)
      case .layerID: LottieWriting.string(layerID, member, to: &w)
      case .collapseTransform: LottieWriting.integer(collapseTransform, member, to: &w)
      }
    }
    others.write(to: &w)
    w.endObject()
  }
}
