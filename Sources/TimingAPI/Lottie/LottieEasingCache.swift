/// rlottie's and ThorVG's file-wide caches of easing curves (rlottie's
/// `LottieParserImpl::interpolator`, read at 34465a9; ThorVG's `LottieParser::getInterpolator`,
/// read at v1.0.4): a keyframe's curve is the first one parsed under its key — its `n` (a
/// string, or an array's first), else its handles printed `%.2f_%.2f_%.2f_%.2f` (i.x, i.y, o.x,
/// o.y, each a float, the first of an array) into 20 bytes (19 characters: a negative value or
/// one of 10 or more cuts the last) — so near curves, and curves named alike, ease by the
/// first's. rlottie caches only a keyframe that has `i` and is no hold, and does not parse
/// effects; ThorVG caches any keyframe with `i`.
enum LottieEasingCache: Sendable, Hashable, CaseIterable {
  case rlottie, thorvg

  /// Each player's substitutions: a keyframe's pointer (`…/k/3`) → the handles it eases by
  /// (o.x, o.y, i.x, i.y), where they are another curve's.
  struct Substitutions: Sendable {
    var byCache: [LottieEasingCache: [String: [Double]]] = [:]

    func handles(_ cache: LottieEasingCache, at pointer: JSONPointer) -> [Double]? {
      byCache[cache]?[pointer.description]
    }
  }

  /// The substitutions in `document`, walked in the order it is written, as the players parse.
  static func substitutions(in document: JSONValue) -> Substitutions {
    var result = Substitutions()
    for cache in allCases {
      var first: [String: [Double]] = [:]
      var found: [String: [Double]] = [:]
      cache.walk(document, at: JSONPointer(), keyframes: false, first: &first, found: &found)
      result.byCache[cache] = found
    }
    return result
  }

  private func walk(
    _ value: JSONValue, at pointer: JSONPointer, keyframes: Bool,
    first: inout [String: [Double]], found: inout [String: [Double]]
  ) {
    switch value {
    case .object(let members):
      if keyframes { visitKeyframe(members, at: pointer, first: &first, found: &found) }
      for (name, member) in members {
        // rlottie skips a layer's effects unparsed.
        if self == .rlottie && name == LottieLayer.Member.effects.rawValue { continue }
        walk(
          member, at: pointer / name,
          keyframes: name == LottieAnimated<LottieNumbers>.Member.value.rawValue,
          first: &first, found: &found)
      }
    case .array(let items):
      for (i, item) in items.enumerated() {
        walk(item, at: pointer / i, keyframes: keyframes, first: &first, found: &found)
      }
    case .string, .number, .bool, .null:
      break
    }
  }

  /// A keyframe (an object in a property's `k` with `t`): its key, the curve first cached under
  /// it, and its own.
  private func visitKeyframe(
    _ members: [(String, JSONValue)], at pointer: JSONPointer,
    first: inout [String: [Double]], found: inout [String: [Double]]
  ) {
    typealias M = LottieKeyframe<LottieNumbers>.Member
    func member(_ m: M) -> JSONValue? { members.first { $0.0 == m.rawValue }?.1 }
    guard member(.time) != nil, let i = member(.inHandle) else { return }
    if self == .rlottie, case .number(let h)? = member(.hold), h != 0 { return }
    func point(_ value: JSONValue?) -> (Float, Float) {
      guard case .object(let xy)? = value else { return (0, 0) }
      func coordinate(_ name: String) -> Float {
        switch xy.first(where: { $0.0 == name })?.1 {
        case .number(let v)?: return Float(v)
        case .array(let items)?:
          if case .number(let v)? = items.first { return Float(v) }
          return 0
        case .string?, .bool?, .null?, .object?, nil: return 0
        }
      }
      return (
        coordinate(LottieEasingHandle.Member.x.rawValue),
        coordinate(LottieEasingHandle.Member.y.rawValue)
      )
    }
    let (ix, iy) = point(i)
    let (ox, oy) = point(member(.outHandle))
    let own = [Double(ox), Double(oy), Double(ix), Double(iy)]
    var key: String
    switch member(.name) {
    case .string(let name)?: key = name
    case .array(let names)?:
      if case .string(let name)? = names.first { key = name } else { key = "" }
    case .number?, .bool?, .null?, .object?, nil: key = ""
    }
    if key.isEmpty {
      key = String([ix, iy, ox, oy].map(Self.twoDecimals).joined(separator: "_").prefix(19))
    }
    guard let cached = first[key] else {
      first[key] = own
      return
    }
    if cached != own { found[pointer.description] = cached }
  }

  /// C's `%.2f` of a float: its exact value rounded to two decimals, ties to even (0.125 is
  /// "0.12"), "-" before any negative value (−0.001 is "-0.00").
  static func twoDecimals(_ value: Float) -> String {
    let v = Double(value)
    // Beyond 1e12 (a float of 1e38 at most) the file is refused at its handle (±1e6) anyway;
    // the key needs only to be some string.
    guard abs(v) < 1e12 else { return v < 0 ? "-inf" : "inf" }
    let hundredths = (abs(v) * 100).rounded(.toNearestOrEven)
    let whole = Int(hundredths / 100)
    let fraction = Int(hundredths) - whole * 100
    let sign = v < 0 || (v == 0 && v.sign == .minus) ? "-" : ""
    return sign + String(whole) + "." + (fraction < 10 ? "0" : "") + String(fraction)
  }
}
