/// A layer (lottie-spec 1.0 "Layers"): what every layer has (type, name, index, parent, the
/// frames `ip`…`op` it shows, its start `st` and time stretch `sr`, transform `ks`, blend mode,
/// matte, masks), and each type's own: a precomposition's asset `refId`, size and time remap
/// `tm` (seconds of the precomposition at each frame), a solid's colour and size, a shape
/// layer's `shapes`. Masks, effects and text are kept as written: the service neither draws
/// nor evaluates them; what reads a file lists them, and a round trip keeps them.
struct LottieLayer: LottieObject {
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

  var type, index, parent, threeD, blendMode, autoOrient, matteMode, matteParent, matteTarget,
    collapseTransform: Int?
  var name, matchName, referenceID, solidColor, className, layerID: String?
  var hidden, hasMask: Bool?
  var inPoint, outPoint, startTime, timeStretch, width, height, solidWidth, solidHeight: Double?
  var transform: LottieTransform?
  var shapes: [LottieShape]?
  var timeRemap: LottieAnimated<LottieNumbers>?
  var masks, effects, text: JSONValue?
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

  static let fields: [Member: LottieField<Self>] = [
    .type: .integer(\.type), .name: .string(\.name), .matchName: .string(\.matchName),
    .index: .integer(\.index), .parent: .integer(\.parent), .hidden: .bool(\.hidden),
    .threeD: .integer(\.threeD), .inPoint: .number(\.inPoint), .outPoint: .number(\.outPoint),
    .startTime: .number(\.startTime), .timeStretch: .number(\.timeStretch),
    .blendMode: .integer(\.blendMode), .transform: .value(\.transform),
    .autoOrient: .integer(\.autoOrient), .shapes: .list(\.shapes),
    .referenceID: .string(\.referenceID), .width: .number(\.width), .height: .number(\.height),
    .timeRemap: .animated(\.timeRemap), .solidColor: .string(\.solidColor),
    .solidWidth: .number(\.solidWidth), .solidHeight: .number(\.solidHeight),
    .matteMode: .integer(\.matteMode), .matteParent: .integer(\.matteParent),
    .matteTarget: .integer(\.matteTarget), .hasMask: .bool(\.hasMask), .masks: .json(\.masks),
    .effects: .json(\.effects), .text: .json(\.text), .className: .string(\.className),
    .layerID: .string(\.layerID), .collapseTransform: .integer(\.collapseTransform),
  ]
}
