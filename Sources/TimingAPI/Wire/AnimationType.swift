import TimingEngine

/// An animation's `type` (api.md "Timelines"; semantics.md §3): which `CAAnimation` subclass it
/// is, and so which members it takes. A new type is a case here; the compiler then points at
/// its members, at `Animation.init(json:…)` and at `Animation.Kind`'s switches.
///
/// A Canvas preset among a layer's animations (`"type": "canvas"`) is not one: the layer's
/// decoder takes it before an animation is decoded, and it becomes a script event
/// (`CanvasSettings`, semantics.md §7).
enum AnimationType: String, WireName {
  case basic, keyframe, spring, group, transition

  init(_ kind: Animation.Kind) {
    switch kind {
    case .basic: self = .basic
    case .keyframe: self = .keyframe
    case .spring: self = .spring
    case .group: self = .group
    case .transition: self = .transition
    }
  }

  /// Every member an animation of this type accepts.
  var members: Set<String> {
    switch self {
    case .basic: Self.basicMembers
    case .spring: Self.springMembers
    case .keyframe: Self.keyframeMembers
    case .group: Self.groupMembers
    case .transition: Self.transitionMembers
    }
  }

  /// Every type takes the `CAAnimation` and `CAMediaTiming` members. Groups and transitions
  /// take `keyPath` and `valueFunction` too: a group's `keyPath` gets its own message, and a
  /// transition ignores them.
  private static let common = Animation.Member.names.union(MediaTiming.Member.names)
  private static let basicMembers = common.union(BasicValues.Member.names)
  /// A spring is a basic animation whose progress is a spring (semantics.md §3.5).
  private static let springMembers = basicMembers.union(SpringCurve.Parameter.names).union(
    SpringCurve.PlatformMember.names)
  private static let keyframeMembers = common.union(KeyframeValues.Member.names)
  private static let groupMembers = common.union(Animation.GroupMember.names)
  private static let transitionMembers = common.union(TransitionStyle.Member.names)
  /// The members some type takes: what an animation whose type is unknown may still have.
  static let anyTypeMembers = allCases.reduce(into: Set<String>()) { $0.formUnion($1.members) }
}
