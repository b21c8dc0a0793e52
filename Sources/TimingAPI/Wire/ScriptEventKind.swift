/// What a script event does, named by the member that carries it (api.md "Timelines", events).
/// Each case declares its members, so a new kind is one case here and one decoding function in
/// `ScriptEvent+Wire.swift`, and the compiler points at both.
enum ScriptEventKind: String, WireMember {
  // In the order the API lists them (and its messages name them).
  case set
  case animate
  case addAnimation
  case removeAnimation
  case removeAllAnimations
  case startCanvasAnimation
  case insertLayer
  case removeLayer
  case replaceLayer

  /// An event's members beside the kinds' names: its `time`, and what `set` and `animate`
  /// take beside their own member.
  enum EventMember: String, WireMember {
    case time, transaction, completion
  }

  /// The members of the kinds' own objects (`{"layer", "key", "animation"}` for
  /// `addAnimation`); each kind takes some of them (`members`).
  enum ObjectMember: String, WireMember {
    case layer, key, animation, parent, with
  }

  /// Members the event takes beside `time` and the kind's own member.
  var eventMembers: [EventMember] {
    switch self {
    case .set: [.transaction, .completion]
    case .animate: [.completion]
    case .addAnimation, .removeAnimation, .removeAllAnimations, .startCanvasAnimation,
      .insertLayer, .removeLayer, .replaceLayer:
      []
    }
  }

  /// Other kinds an event of this kind may hold: `animate` comes with its own `set` (the
  /// changes made in the block).
  var companionKinds: [ScriptEventKind] {
    switch self {
    case .animate: [.set]
    case .set, .addAnimation, .removeAnimation, .removeAllAnimations, .startCanvasAnimation,
      .insertLayer, .removeLayer, .replaceLayer:
      []
    }
  }

  /// The members of the kind's own object, checked before the kind reads it: nil for `set`,
  /// which holds an array of changes (`PropertyChange.Member`), and `animate`, whose block
  /// checks its own (`AnimationBlock.Member`).
  var members: [ObjectMember]? {
    switch self {
    case .set, .animate: nil
    case .addAnimation: [.layer, .key, .animation]
    case .removeAnimation: [.layer, .key]
    case .removeAllAnimations, .startCanvasAnimation, .removeLayer: [.layer]
    case .insertLayer: [.layer, .parent]
    case .replaceLayer: [.layer, .with]
    }
  }

  /// The member of the kind's object that holds a whole layer spec: such layers are decoded
  /// before any event, since later events may name them.
  var layerSpecMember: ObjectMember? {
    switch self {
    case .insertLayer: .layer
    case .replaceLayer: .with
    case .set, .animate, .addAnimation, .removeAnimation, .removeAllAnimations,
      .startCanvasAnimation, .removeLayer:
      nil
    }
  }

  /// Every member an event may have, whatever its kind. They are checked before the kind is
  /// known, so another kind's member (a `completion` beside `removeLayer`) is ignored rather
  /// than refused, as it was before the kinds declared their members.
  static let eventMembers: Set<String> = Set(
    [EventMember.time.rawValue]
      + allCases.flatMap { kind in
        [kind.rawValue] + kind.eventMembers.map(\.rawValue) + kind.companionKinds.map(\.rawValue)
      })

  /// The kind an event names: of the kinds present, the one whose `companionKinds` account for
  /// the others (`animate` with its `set`); nil, with the problem reported, when none is
  /// present or none accounts for the rest.
  static func of(
    _ value: JSONValue, at pointer: JSONPointer, _ context: inout DecodingContext
  ) -> ScriptEventKind? {
    let present = allCases.filter { value[$0] != nil }
    let kind = present.first { kind in
      present.allSatisfy { $0 == kind || kind.companionKinds.contains($0) }
    }
    guard let kind else {
      context.fail(
        pointer,
        present.isEmpty
          ? "names no action: give one of \(names)"
          : "give one action per event, not \(present.map(\.rawValue).joined(separator: " and "))"
      )
      return nil
    }
    return kind
  }

  /// The kinds as messages list them.
  static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
