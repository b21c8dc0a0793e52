import TimingEngine

/// A timing function described in a response (`GET /timing-functions`, evaluation and plots):
/// its kind, canonical and CSS text, and its parameters (api.md "Timing functions").
extension TimingFunction {
  /// The `kind` a description names: the curve family, whichever way the function was given.
  enum Kind: String, CaseIterable {
    case cubicBezier, steps, linear, spring
  }

  /// A description's members beside those a request names the function by (`name`,
  /// `controlPoints`: `Member`) and a spring's (`SpringCurve.Parameter`, `.DerivedMember`).
  enum DescriptionMember: String, WireMember {
    case aliases, kind, canonical, css, steps, position, points, input, outsideUnitInterval
  }

  /// A `linear()` point's members in `points`.
  enum LinearPointMember: String, WireMember {
    case input, output
  }

  /// What the function does with input outside [0, 1] (`outsideUnitInterval`).
  enum OutsideUnitInterval: String, CaseIterable {
    /// Core Animation's Béziers clamp x to [0, 1].
    case clamp
    /// CSS functions continue along their end tangents.
    case extrapolate
    /// A spring's input is seconds, not a fraction.
    case notApplicable
  }

  var kind: Kind {
    switch self {
    case .named, .controlPoints, .cubicBezier: .cubicBezier
    case .steps: .steps
    case .linear: .linear
    case .spring: .spring
    }
  }

  var outsideUnitInterval: OutsideUnitInterval {
    switch self {
    case .named, .controlPoints: .clamp
    case .spring: .notApplicable
    case .cubicBezier, .steps, .linear: .extrapolate
    }
  }

  /// Describes the function for a response.
  func writeDescription(to w: inout JSONWriter) {
    if case .named(let named) = self, let cached = Self.namedDescriptions[named] {
      w.fragment(cached)
    } else {
      writeDescriptionFields(to: &w)
    }
  }

  /// The descriptions of the named functions, written once: a lookup's answer is mostly its
  /// description, and writing it again per request was ~4 % of a small GET.
  private static let namedDescriptions: [NamedTimingFunction: [UInt8]] = Dictionary(
    uniqueKeysWithValues: NamedTimingFunction.allCases.map { named in
      var w = JSONWriter(capacity: 512)
      TimingFunction.named(named).writeDescriptionFields(to: &w)
      return (named, w.bytes)
    })

  private func writeDescriptionFields(to w: inout JSONWriter) {
    w.beginObject()
    if case .named(let named) = self {
      w.member(Member.name, named.rawValue)
      w.key(DescriptionMember.aliases)
      w.beginArray()
      for alias in named.aliases { w.string(alias) }
      w.endArray()
    }
    w.member(DescriptionMember.kind, kind.rawValue)
    if let canonical = canonicalText {
      w.member(DescriptionMember.canonical, canonical)
    }
    switch self {
    case .named, .controlPoints, .cubicBezier, .steps, .linear:
      w.member(DescriptionMember.css, cssText)
    case .spring:
      // No CSS function is a spring: this service's `spring(…)` text in a `css` member would
      // be invalid in a style sheet. (A `linear()` approximation could stand for it.)
      break
    }
    if let (x1, y1, x2, y2) = controlPoints {
      w.key(Member.controlPoints)
      w.beginArray()
      for v in [x1, y1, x2, y2] { w.number(v) }
      w.endArray()
    }
    switch self {
    case .steps(let steps):
      w.member(DescriptionMember.steps, steps.count)
      w.member(DescriptionMember.position, steps.position.rawValue)
    case .linear(let linear):
      w.key(DescriptionMember.points)
      w.beginArray()
      for point in linear.points {
        w.beginObject()
        w.member(LinearPointMember.input, point.input)
        w.member(LinearPointMember.output, point.output)
        w.endObject()
      }
      w.endArray()
    case .spring(let spring):
      spring.write(to: &w)
      w.member(SpringCurve.DerivedMember.dampingRatio, spring.dampingRatio)
      w.key(SpringCurve.DerivedMember.settlingDuration)
      if let settling = spring.settlingDuration { w.number(settling) } else { w.null() }
    case .named, .controlPoints, .cubicBezier: break
    }
    w.member(DescriptionMember.input, inputIsSeconds ? "seconds" : "fraction")
    w.member(DescriptionMember.outsideUnitInterval, outsideUnitInterval.rawValue)
    w.endObject()
  }
}
