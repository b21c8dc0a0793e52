import TimingEngine

/// `POST /v1/springs`' answer (docs/springs.md, openapi.yaml `SpringConversion`): the spring
/// given, as Core Animation's physical spring and in every API's parameters, its durations, its
/// CSS `linear()` easing and the warnings where an API states it only nearly or plays it
/// otherwise.
struct SpringConversion {
  /// The longest settling duration converted: 10⁷ s, four months (`POST /v1/springs`, a spring
  /// token's APIs).
  static let maxSettling = 1e7

  /// The answer's members; `distance` is the body's own (`GivenSpring.Member`).
  enum Member: String, WireMember {
    case given, canonical, `as`, durations, css, cssMaxError, cssError, warnings
  }

  /// `durations`' members.
  enum DurationMember: String, WireMember {
    case perceptual, settling, motionDuration
  }

  /// Each warning's members: the API it is about (`css` for the easing's note), what it says,
  /// and the worst deviation from the exact spring (null for a note).
  enum WarningMember: String, WireMember {
    case api, message, maxDeviation
  }

  let spring: GivenSpring
  /// The settling duration: the span of the CSS easing.
  let settling: Double
  /// The CSS `linear()` easing and its error bound; nil for a spring that oscillates too long.
  let css: (text: String, error: Double)?
  let cssMaxError: Double
  /// Why `css` is nil, when it is: the easing fit's refusal (an `Export/` message).
  let noCSSMessage: String

  func write(to w: inout JSONWriter) {
    let curve = spring.curve
    w.beginObject()
    w.member(Member.given, spring.given.api.rawValue)
    w.member(GivenSpring.Member.distance, spring.distance)
    w.key(Member.canonical)
    w.beginObject()
    curve.write(to: &w)
    w.member(SpringCurve.DerivedMember.dampingRatio, curve.dampingRatio)
    w.member(SpringCurve.DerivedMember.angularFrequency, curve.undampedFrequency)
    w.endObject()
    // The given API too: its parameters as the conversion states them (the round trip), and
    // its warnings (Motion's stop, react-spring's integration).
    let forms = curve.expressedInEveryAPI(distance: spring.distance)
    w.key(Member.as)
    Self.writeForms(forms.map { ($0.api, $0.spring) }, to: &w)
    w.key(Member.durations)
    w.beginObject()
    w.member(DurationMember.perceptual, 2 * Double.pi / curve.undampedFrequency)
    w.member(DurationMember.settling, settling)
    w.member(
      DurationMember.motionDuration, forms.first { $0.api == .motionDuration }!.spring[.duration])
    w.endObject()
    w.key(Member.css)
    if let css { w.string(css.text) } else { w.null() }
    w.member(Member.cssMaxError, cssMaxError)
    w.key(Member.cssError)
    if let css { w.number(css.error) } else { w.null() }
    w.key(Member.warnings)
    w.beginArray()
    if let alias = spring.alias {
      // How the body's name was read comes first: it explains `given`.
      writeWarning(api: alias.rawValue, alias.note, maxDeviation: nil, to: &w)
    }
    if css == nil {
      // The note is about the `css` member, and names it.
      writeWarning(api: Member.css.rawValue, noCSSMessage, maxDeviation: nil, to: &w)
    }
    for warning in forms.flatMap(\.warnings) {
      writeWarning(
        api: warning.api.rawValue, warning.message, maxDeviation: warning.maxDeviation, to: &w)
    }
    w.endArray()
    w.endObject()
  }

  /// `as`: each API's parameters by name (also a spring token's, `TokenSprings`).
  static func writeForms(
    _ forms: [(api: SpringAPI, spring: PlatformSpring)], to w: inout JSONWriter
  ) {
    w.beginObject()
    for (api, expressed) in forms {
      w.key(api.rawValue)
      w.beginObject()
      for (parameter, value) in expressed.named {
        w.key(parameter.rawValue)
        w.number(value)
      }
      w.endObject()
    }
    w.endObject()
  }

  private func writeWarning(
    api: String, _ message: String, maxDeviation: Double?, to w: inout JSONWriter
  ) {
    w.beginObject()
    w.member(WarningMember.api, api)
    w.member(WarningMember.message, message)
    w.key(WarningMember.maxDeviation)
    if let maxDeviation { w.number(maxDeviation) } else { w.null() }
    w.endObject()
  }
}
