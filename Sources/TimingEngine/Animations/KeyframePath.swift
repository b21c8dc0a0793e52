#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `CGPath` for a keyframe animation, from SVG path data (SPEC §3.4). Every drawing command
/// becomes one cubic Bézier segment (lines and quadratics exactly, arcs in quarter-turn pieces),
/// so the animation can treat each segment as one keyframe interval, or the whole path by arc
/// length when paced.
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

    /// Arc length from 0 to s by 8-point Gauss–Legendre on halves (segments are short and
    /// smooth; the error is far below what a sample shows).
    public func length(to s: Double = 1) -> Double {
      let nodes: [(Double, Double)] = [
        (-0.9602898564975363, 0.1012285362903763), (-0.7966664774136267, 0.2223810344533745),
        (-0.5255324099163290, 0.3137066458778873), (-0.1834346424956498, 0.3626837833783620),
        (0.1834346424956498, 0.3626837833783620), (0.5255324099163290, 0.3137066458778873),
        (0.7966664774136267, 0.2223810344533745), (0.9602898564975363, 0.1012285362903763),
      ]
      var total = 0.0
      for half in 0..<2 {
        let a = s * Double(half) / 2
        let b = s * Double(half + 1) / 2
        for (x, w) in nodes {
          let t = tangent((b - a) / 2 * x + (a + b) / 2)
          total += w * (t * t).sum().squareRoot() * (b - a) / 2
        }
      }
      return total
    }
  }

  public private(set) var segments: [Segment] = []

  public struct ParseError: Error, Sendable, Equatable {
    public let message: String
  }

  public init(segments: [Segment]) { self.segments = segments }

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
        let x = try scanner.number()
        let y = try scanner.number()
        return origin + SIMD2(x, y)
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
        let x = try scanner.number() + (relative ? current.x : 0)
        let p = SIMD2(x, current.y)
        segments.append(Self.line(current, p))
        current = p
      case UInt8(ascii: "v"):
        let y = try scanner.number() + (relative ? current.y : 0)
        let p = SIMD2(current.x, y)
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
        let rx = abs(try scanner.number())
        let ry = abs(try scanner.number())
        let rotation = try scanner.number() * Double.pi / 180
        let largeArc = try scanner.flag()
        let sweep = try scanner.flag()
        let p = try point()
        segments.append(
          contentsOf: Self.arc(
            from: current, to: p, rx: rx, ry: ry, rotation: rotation, largeArc: largeArc,
            sweep: sweep))
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
    guard
      segments.allSatisfy({
        [$0.p0, $0.c1, $0.c2, $0.p3].allSatisfy { $0.x.isFinite && $0.y.isFinite }
      })
    else {
      throw ParseError(message: "path coordinates must be finite")
    }
  }

  static func line(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Segment {
    Segment(p0: a, c1: a + (b - a) / 3, c2: a + 2 * (b - a) / 3, p3: b)
  }

  static func quadratic(_ a: SIMD2<Double>, _ q: SIMD2<Double>, _ b: SIMD2<Double>) -> Segment {
    Segment(p0: a, c1: a + 2 * (q - a) / 3, c2: b + 2 * (q - b) / 3, p3: b)
  }

  /// SVG's endpoint arc, converted to centre form (SVG 1.1 F.6.5) and drawn as cubic pieces of at
  /// most a quarter turn each.
  static func arc(
    from p1: SIMD2<Double>, to p2: SIMD2<Double>, rx rxIn: Double, ry ryIn: Double,
    rotation phi: Double,
    largeArc: Bool, sweep: Bool
  ) -> [Segment] {
    if p1 == p2 { return [] }
    var rx = rxIn
    var ry = ryIn
    if rx == 0 || ry == 0 { return [line(p1, p2)] }
    let cosPhi = cos(phi)
    let sinPhi = sin(phi)
    let d = (p1 - p2) / 2
    let x1 = cosPhi * d.x + sinPhi * d.y
    let y1 = -sinPhi * d.x + cosPhi * d.y
    let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if lambda > 1 {
      rx *= lambda.squareRoot()
      ry *= lambda.squareRoot()
    }
    let numerator = max(rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1, 0)
    let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
    var factor = denominator == 0 ? 0 : (numerator / denominator).squareRoot()
    if largeArc == sweep { factor = -factor }
    let cx1 = factor * rx * y1 / ry
    let cy1 = -factor * ry * x1 / rx
    let mid = (p1 + p2) / 2
    let center = SIMD2(cosPhi * cx1 - sinPhi * cy1 + mid.x, sinPhi * cx1 + cosPhi * cy1 + mid.y)
    func angle(_ u: SIMD2<Double>, _ v: SIMD2<Double>) -> Double {
      atan2(u.x * v.y - u.y * v.x, (u * v).sum())
    }
    let start = angle(SIMD2(1, 0), SIMD2((x1 - cx1) / rx, (y1 - cy1) / ry))
    var delta = angle(
      SIMD2((x1 - cx1) / rx, (y1 - cy1) / ry), SIMD2((-x1 - cx1) / rx, (-y1 - cy1) / ry))
    if !sweep && delta > 0 { delta -= 2 * Double.pi }
    if sweep && delta < 0 { delta += 2 * Double.pi }
    let pieces = max(1, Int((abs(delta) / (Double.pi / 2)).rounded(.up)))
    let step = delta / Double(pieces)
    let k = 4.0 / 3 * tan(step / 4)
    func onEllipse(_ theta: Double) -> (SIMD2<Double>, SIMD2<Double>) {
      let c = cos(theta)
      let s = sin(theta)
      let point =
        SIMD2(cosPhi * rx * c - sinPhi * ry * s, sinPhi * rx * c + cosPhi * ry * s) + center
      let derivative = SIMD2(-cosPhi * rx * s - sinPhi * ry * c, -sinPhi * rx * s + cosPhi * ry * c)
      return (point, derivative)
    }
    var segments: [Segment] = []
    var theta = start
    var (from, fromDerivative) = onEllipse(theta)
    from = p1
    for i in 0..<pieces {
      let next = theta + step
      var (to, toDerivative) = onEllipse(next)
      if i == pieces - 1 { to = p2 }
      segments.append(
        Segment(p0: from, c1: from + k * fromDerivative, c2: to - k * toDerivative, p3: to))
      theta = next
      from = to
      fromDerivative = toDerivative
    }
    return segments
  }
}

/// Tokens of SVG path data.
private struct PathScanner {
  let bytes: [UInt8]
  var index = 0
  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var atEnd: Bool { index >= bytes.count }

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
    guard index - start <= 64,
      let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite
    else { throw KeyframePath.ParseError(message: "number out of range at offset \(start)") }
    return value
  }
}
