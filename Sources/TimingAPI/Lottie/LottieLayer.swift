/// A layer (lottie-spec 1.0 "Layers"): what every layer has (type, name, index, parent, the
/// frames `ip`…`op` it shows, its start `st` and time stretch `sr`, transform `ks`, blend mode,
/// matte, masks), and each type's own: a precomposition's asset `refId`, size and time remap
/// `tm` (seconds of the precomposition at each frame), a solid's colour and size, a shape
/// layer's `shapes`. Masks, effects, text, motion blur and layer styles are kept as written:
/// the service neither draws nor evaluates them; what reads a file lists them, and a round trip
/// keeps them.
struct LottieLayer: LottieObject {
  /// Lottie's keys: `ty` the layer type (`Kind`); `ind` the index `parent` and `tp` refer to;
  /// `ddd` 1 for a 3D layer; `ip` the first frame it shows and `op` the frame it stops showing
  /// at (not shown); `st` the frame its own time 0 falls on; `sr` its time's stretch (2 plays
  /// it at half speed); `ao` 1 to turn it along its position's path; `refId` a
  /// precomposition's or image's asset; `tm` a precomposition's time remap (its time, in
  /// seconds, at each frame); `sc` a solid's colour, `#rrggbb`.
  // Lottie's keys, a few to a line, as a key table reads best.
  // swift-format-ignore
  enum Member: String, WireMember, Hashable {
    case type = "ty", name = "nm", matchName = "mn", index = "ind", parent, hidden = "hd"
    case threeD = "ddd", inPoint = "ip", outPoint = "op", startTime = "st", timeStretch = "sr"
    case blendMode = "bm", transform = "ks", autoOrient = "ao", shapes, referenceID = "refId"
    case width = "w", height = "h", timeRemap = "tm", solidColor = "sc", solidWidth = "sw"
    case solidHeight = "sh", matteMode = "tt", matteParent = "tp", matteTarget = "td", hasMask
    case masks = "masksProperties", effects = "ef", text = "t", className = "cl", layerID = "ln"
    case collapseTransform = "ct", motionBlur = "mb", styles = "sy"
  }

  var type, index, parent, threeD, blendMode, autoOrient, matteMode, matteParent, matteTarget,
    collapseTransform: Int?
  var name, matchName, referenceID, solidColor, className, layerID: String?
  var hidden, hasMask: Bool?
  var inPoint, outPoint, startTime, timeStretch, width, height, solidWidth, solidHeight: Double?
  var transform: LottieTransform?
  var shapes: [LottieShape]?
  var timeRemap: LottieAnimated<LottieNumbers>?
  var masks, effects, text, motionBlur, styles: JSONValue?
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
    .motionBlur: .json(\.motionBlur), .styles: .json(\.styles),
  ]
}
