#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `CGPath` for a keyframe animation, from SVG path data (semantics.md §3.4). Every drawing
/// command becomes one cubic Bézier segment (lines and quadratics exactly, arcs in quarter-turn
/// pieces), so the animation can treat each segment as one keyframe interval, or the whole path by
/// arc length when paced.
public struct KeyframePath: Sendable {
  public struct Segment: Sendable {
    public var p0: SIMD2<Double>, c1: SIMD2<Double>, c2: SIMD2<Double>, p3: SIMD2<Double>

    public func point(_ s: Double) -> SIMD2<Double> {
      let u = 1 - s
      return u * u * u * p0 + 3 * u * u * s * c1 + 3 * u * s * s * c2 + s * s * s * p3
    }

    public func tangent(_ s: Double) -> SIMD2<Double> {
      let u = 1 - s
      return 3 * u * u * (c1 - p0) + 6 * u * s * (c2 - c1) + 3 * s * s * (p3 - c2)
    }

    /// The direction of travel at s (semantics.md §3.4, rotationMode): the tangent, or where it
    /// vanishes (a control point on its end point, a cusp) its limit from further along the
    /// path — the second derivative, or the third — and at s = 1 its limit from before.
    public func direction(_ s: Double) -> SIMD2<Double> {
      let t = tangent(s)
      if t != .zero { return t }
      // B′(s + h) = h·B″(s) + h²/2·B‴ + …; at the end, B′(1 − h) = −h·B″(1) + h²/2·B‴ + ….
      let startCurvature: SIMD2<Double> = c2 - 2 * c1 + p0
      let endCurvature: SIMD2<Double> = p3 - 2 * c2 + c1
      let second: SIMD2<Double> = 6 * (1 - s) * startCurvature + 6 * s * endCurvature
      if second != .zero { return s < 1 ? second : -second }
      let third: SIMD2<Double> = p3 - 3 * c2 + 3 * c1 - p0
      return 6 * third
    }

    /// B′(s) = e0 + e1·s + e2·s² per coordinate, for arc length (`PacedCurve`).
    var derivativeCoefficients: (e0: SIMD2<Double>, e1: SIMD2<Double>, e2: SIMD2<Double>) {
      let a = c1 - p0
      let b = c2 - c1
      let c = p3 - c2
      return (3 * a, 6 * (b - a), 3 * (a - 2 * b + c))
    }
  }

  public private(set) var segments: [Segment] = []

  public struct ParseError: Error, Sendable, Equatable {
    public let message: String
  }

  public init(segments: [Segment]) { self.segments = segments }

  /// Every number in path data — coordinates, radii, rotation in degrees — and every point a
  /// command reaches after relative offsets are added lies in ±1e12, the range of the scene's
  /// point values. Arc pieces then stay within ±5e12 (radii scaled up to at most 2e12, control
  /// points 0.55 · radius further), and a chain of T commands, each reflecting the last
  /// control point, moves it at most 4e12 per command: ≤ 4e16 over 10 000 segments, whose
  /// squares (arc length, paced timing) are far from overflowing.
  public static let coordinateRange: ClosedRange<Double> = -1e12...1e12
  /// `coordinateRange` as messages write it (numberText would spell out all twelve zeros).
  static let rangeText = "[-1e12, 1e12]"

  /// Parses SVG path data (`M L H V C S Q T A Z`, absolute and relative).
  public init(svg text: String) throws(ParseError) {
    var scanner = PathScanner(Array(text.utf8))
    var current = SIMD2<Double>(0, 0)
    var subpathStart = current
    var lastCubicControl: SIMD2<Double>?
    var lastQuadraticControl: SIMD2<Double>?
    var command: UInt8?
    var sawMove = false
    while true {
      scanner.skipSeparators()
      guard !scanner.atEnd else { break }
      if let letter = scanner.letter() {
        command = letter
      } else if command == nil {
        throw ParseError(message: "path data must start with a command (M)")
      } else if command == UInt8(ascii: "M") {
        command = UInt8(ascii: "L")  // numbers after a moveto are implicit linetos
      } else if command == UInt8(ascii: "m") {
        command = UInt8(ascii: "l")
      }
      guard let c = command else { break }
      let relative = c >= UInt8(ascii: "a")
      let origin = relative ? current : SIMD2(0, 0)
      func point() throws(ParseError) -> SIMD2<Double> {
        let offset = scanner.nextOffset()
        let x = try scanner.number()
        let y = try scanner.number()
        return try Self.checked(origin + SIMD2(x, y), at: offset)
      }
      var cubic: SIMD2<Double>?
      var quadratic: SIMD2<Double>?
      switch c | 0x20 {
      case UInt8(ascii: "m"):
        current = try point()
        subpathStart = current
        sawMove = true
      case UInt8(ascii: "z"):
        if current != subpathStart { segments.append(Self.line(current, subpathStart)) }
        current = subpathStart
        command = nil
      case UInt8(ascii: "l"):
        let p = try point()
        segments.append(Self.line(current, p))
        current = p
      case UInt8(ascii: "h"):
        let offset = scanner.nextOffset()
        let x = try scanner.number() + (relative ? current.x : 0)
        let p = try Self.checked(SIMD2(x, current.y), at: offset)
        segments.append(Self.line(current, p))
        current = p
      case UInt8(ascii: "v"):
        let offset = scanner.nextOffset()
        let y = try scanner.number() + (relative ? current.y : 0)
        let p = try Self.checked(SIMD2(current.x, y), at: offset)
        segments.append(Self.line(current, p))
        current = p
      case UInt8(ascii: "c"):
        let c1 = try point()
        let c2 = try point()
        let p = try point()
        segments.append(Segment(p0: current, c1: c1, c2: c2, p3: p))
        cubic = c2
        current = p
      case UInt8(ascii: "s"):
        let c1 = lastCubicControl.map { 2 * current - $0 } ?? current
        let c2 = try point()
        let p = try point()
        segments.append(Segment(p0: current, c1: c1, c2: c2, p3: p))
        cubic = c2
        current = p
      case UInt8(ascii: "q"):
        let q = try point()
        let p = try point()
        segments.append(Self.quadratic(current, q, p))
        quadratic = q
        current = p
      case UInt8(ascii: "t"):
        let q = lastQuadraticControl.map { 2 * current - $0 } ?? current
        let p = try point()
        segments.append(Self.quadratic(current, q, p))
        quadratic = q
        current = p
      case UInt8(ascii: "a"):
        let offset = scanner.nextOffset()
        let rx = try scanner.number()
        let ry = try scanner.number()
        let rotation = try scanner.number()
        let largeArc = try scanner.flag()
        let sweep = try scanner.flag()
        let p = try point()
        guard
          let arc = Self.arc(
            from: current, to: p, rx: rx, ry: ry, rotationDegrees: rotation, largeArc: largeArc,
            sweep: sweep)
        else {
          throw ParseError(
            message:
              "the arc at offset \(offset) would need radii above 2e12 to reach its end point (SVG 1.1 F.6.6 scales radii up until they do)"
          )
        }
        segments.append(contentsOf: arc)
        current = p
      default:
        throw ParseError(message: "unknown path command '\(String(UnicodeScalar(c)))'")
      }
      guard sawMove else { throw ParseError(message: "path data must start with a moveto (M)") }
      lastCubicControl = cubic
      lastQuadraticControl = quadratic
      guard segments.count <= 10_000 else {
        throw ParseError(message: "path has more than 10000 segments")
      }
    }
    guard !segments.isEmpty else { throw ParseError(message: "path has no drawing segments") }
  }

  /// A point a command reaches, within `coordinateRange` (relative offsets can add up past it).
  static func checked(_ p: SIMD2<Double>, at offset: Int) throws(ParseError) -> SIMD2<Double> {
    guard coordinateRange.contains(p.x), coordinateRange.contains(p.y) else {
      throw ParseError(
        message:
          "path coordinates must lie in \(rangeText), also after relative offsets are added; the command at offset \(offset) reaches (\(numberText(p.x)), \(numberText(p.y)))"
      )
    }
    return p
  }

  static func line(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Segment {
    Segment(p0: a, c1: a + (b - a) / 3, c2: a + 2 * (b - a) / 3, p3: b)
  }

  static func quadratic(_ a: SIMD2<Double>, _ q: SIMD2<Double>, _ b: SIMD2<Double>) -> Segment {
    Segment(p0: a, c1: a + 2 * (q - a) / 3, c2: b + 2 * (q - b) / 3, p3: b)
  }
}

/// Tokens of SVG path data.
private struct PathScanner {
  let bytes: [UInt8]
  var index = 0
  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var atEnd: Bool { index >= bytes.count }

  /// Where the next token starts, for messages.
  mutating func nextOffset() -> Int {
    skipSeparators()
    return index
  }

  mutating func skipSeparators() {
    while index < bytes.count,
      [0x20, 0x09, 0x0A, 0x0D, 0x0C, UInt8(ascii: ",")].contains(bytes[index])
    { index += 1 }
  }

  mutating func letter() -> UInt8? {
    guard index < bytes.count else { return nil }
    let c = bytes[index]
    guard (c | 0x20) >= UInt8(ascii: "a"), (c | 0x20) <= UInt8(ascii: "z"),
      c | 0x20 != UInt8(ascii: "e")
    else { return nil }
    index += 1
    return c
  }

  mutating func flag() throws(KeyframePath.ParseError) -> Bool {
    skipSeparators()
    guard index < bytes.count,
      bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1")
    else {
      throw KeyframePath.ParseError(message: "arc flags must be 0 or 1")
    }
    index += 1
    return bytes[index - 1] == UInt8(ascii: "1")
  }

  mutating func number() throws(KeyframePath.ParseError) -> Double {
    skipSeparators()
    let start = index
    if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      index += 1
    }
    var digits = 0
    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
      index += 1
      digits += 1
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
        index += 1
        digits += 1
      }
    }
    guard digits > 0 else {
      throw KeyframePath.ParseError(message: "expected a number at offset \(start)")
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      var probe = index + 1
      if probe < bytes.count, bytes[probe] == UInt8(ascii: "+") || bytes[probe] == UInt8(ascii: "-")
      {
        probe += 1
      }
      if probe < bytes.count, bytes[probe] >= 0x30, bytes[probe] <= 0x39 {
        index = probe
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
      }
    }
    guard index - start <= 64 else {
      throw KeyframePath.ParseError(
        message: "path numbers are at most 64 characters long; one at offset \(start) is longer")
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    // Checked here, as it is read, so no arithmetic ever sees a number out of range.
    guard let value = Double(text), KeyframePath.coordinateRange.contains(value) else {
      throw KeyframePath.ParseError(
        message:
          "path numbers must lie in \(KeyframePath.rangeText); got \(text.prefix(32)) at offset \(start)"
      )
    }
    return value
  }
}
