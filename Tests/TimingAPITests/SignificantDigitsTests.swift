import Foundation
import TestSupport
import Testing
import TimingEngine

@testable import TimingAPI

/// `?precision=N` (api.md "JSON layout"): numbers rounded to N significant digits, the
/// N-digit decimal nearest to the double (ties to even). The reference is C's `%.*e`, which
/// glibc rounds correctly from the double's exact binary value, and Python's `'%.*e' % x`
/// for the values written out below (the same rule, another implementation).
@Suite struct SignificantDigitsTests {
  func text(_ v: Double, _ digits: Int) -> String {
    let bytes = ByteBuffer()
    ShortestDecimal.append(v, significantDigits: digits, to: bytes)
    return String(decoding: bytes.bytes, as: UTF8.self)
  }

  /// Python 3: `float('%.*e' % (p - 1, x))`, written as the shortest decimal.
  @Test func knownValues() {
    #expect(text(0.39999999999999997, 6) == "0.4")
    #expect(text(0.12957676084535252, 4) == "0.1296")
    #expect(text(68.05996932165964, 3) == "68.1")
    #expect(text(204.67191598133846, 3) == "205")
    #expect(text(123456.7, 3) == "123000")
    #expect(text(0.125, 2) == "0.12")  // a tie, to even
    #expect(text(1.5, 1) == "2" && text(2.5, 1) == "2")
    #expect(text(-0.0197224535483112, 3) == "-0.0197")
    #expect(text(9.9951, 3) == "10")
    #expect(text(999999.5, 6) == "1000000")
    #expect(text(0.000123456789, 5) == "0.00012346")
    #expect(Double(text(1.23456e-7, 3)) == 1.23e-7)
    // Whole numbers are written whole, whatever the digits.
    #expect(text(1234567, 2) == "1234567")
    #expect(text(-0.0, 3) == "0")
    // At most the digits asked: the shortest decimal where it has no more.
    #expect(text(0.1, 17) == "0.1")
    #expect(text(0.1 + 0.2, 17) == "0.30000000000000004" && text(0.1 + 0.2, 16) == "0.3")
    // Rounding up past the largest double would be infinity: the double as it is instead.
    #expect(Double(text(1.79e308, 1)) == 1.79e308)
    #expect(Double(text(-Double.greatestFiniteMagnitude, 3)) == -Double.greatestFiniteMagnitude)
  }

  /// A text tie is not always a tie of the double: 2.675 is 2.67499999999999982236…, so to 3
  /// digits it is 2.67 (Python: '%.2f' % 2.675); 0.125 is exact, a tie, to even: 0.12.
  @Test func textTiesAreDecidedByTheDouble() {
    #expect(rounded("[2.675,0.125,2.6751]", digits: 3) == "[2.67,0.125,2.68]")
    #expect(rounded("[0.125]", digits: 2) == "[0.12]")
    #expect(rounded("[9.99,0.0999,-0.00999]", digits: 2) == "[10,0.1,-0.01]")
  }

  /// C's correctly rounded decimal, read back.
  func reference(_ v: Double, _ digits: Int) -> Double {
    var buffer = [CChar](repeating: 0, count: 48)
    _ = withVaList([Int32(digits - 1), v]) { arguments in
      buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, 48, "%.*e", arguments) }
    }
    return buffer.withUnsafeBufferPointer { strtod($0.baseAddress!, nil) }
  }

  /// Every magnitude and every precision: the same double as C's rounding, in at most N
  /// significant digits.
  @Test func randomValuesMatchC() {
    var rng = SplitMix(seed: 11)
    for i in 0..<200_000 {
      let v: Double
      switch i % 3 {
      case 0: v = Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF)
      case 1: v = Double(rng.next() % 1_000_000_000) / 1_000_000 * (i % 2 == 0 ? 1 : -1)
      default: v = Double(rng.next() >> 11) / Double(1 << 53) * 1000
      }
      let digits = 1 + i % 17
      let t = text(v, digits)
      // Rounding the shortest text gives the same (`NumberTextRounder`, which rounds
      // answers by their digits and leaves only exact ties to the double).
      let shortest = ByteBuffer()
      ShortestDecimal.append(v, to: shortest)
      #expect(
        rounded(String(decoding: shortest.bytes, as: UTF8.self), digits: digits) == t,
        "\(v) to \(digits)")
      if v == v.rounded(.towardZero) && abs(v) < 9_007_199_254_740_992 {
        #expect(Double(t) == v)
        continue
      }
      // At 16 and 17 digits the shortest decimal is kept where it is short enough.
      let want =
        digits >= 16 && significant(String(decoding: shortest.bytes, as: UTF8.self)) <= digits
        ? v : reference(v, digits)
      // Near the largest double the rounded decimal is past it (C reads it back as infinity,
      // which JSON cannot hold): the double is written as it is, with more digits.
      if want.isInfinite {
        #expect(Double(t) == v, "\(v) to \(digits) → \(t)")
        continue
      }
      #expect(Double(t) == want, "\(v) to \(digits) → \(t)")
      let mantissa = t.split(whereSeparator: { $0 == "e" || $0 == "E" })[0]
      let significant = mantissa.filter(\.isNumber).drop { $0 == "0" }
      let trimmed = String(significant.reversed().drop { $0 == "0" })
      #expect(trimmed.count <= digits, "\(v) to \(digits) → \(t)")
    }
  }

  func significant(_ t: String) -> Int {
    let mantissa = t.split(whereSeparator: { $0 == "e" || $0 == "E" })[0]
    return mantissa.filter(\.isNumber).drop { $0 == "0" }.count
  }

  func rounded(_ text: String, digits: Int) -> String {
    var rounder = NumberTextRounder(digits: digits)
    let out = ByteBuffer()
    rounder.round(Array(text.utf8), into: out)
    rounder.finish(into: out)
    return String(decoding: out.bytes, as: UTF8.self)
  }

  /// Numbers outside strings only; in pieces split anywhere, the same bytes.
  @Test func jsonTextKeepsItsStrings() {
    let input =
      #"{"a\"1.23456":[0.123456,-2.5e-7,"linear(0, 0.123456 50%)",1234567,true,null],"b":{"c":3.14159}}"#
    let expected =
      #"{"a\"1.23456":[0.123,-2.5e-07,"linear(0, 0.123456 50%)",1234567,true,null],"b":{"c":3.14}}"#
    #expect(rounded(input, digits: 3) == expected)
    var rounder = NumberTextRounder(digits: 3)
    let out = ByteBuffer()
    for byte in input.utf8 { rounder.round([byte], into: out) }
    rounder.finish(into: out)
    #expect(String(decoding: out.bytes, as: UTF8.self) == expected)
  }
}

/// `?precision` over HTTP: the routes that answer JSON or CSV numbers, the tags, the refusals.
@Suite struct PrecisionEndpointTests {
  let api = ServiceHarness()
  let scene = """
    {"layers": [{"name": "card", "animations": [{"type": "basic", "keyPath": "opacity",
      "fromValue": 0, "toValue": 1, "duration": 1, "timingFunction": "easeInEaseOut"}]}],
     "sample": {"times": [0, 0.25]}, "keyPaths": ["opacity"]}
    """

  /// easeInEaseOut at 0.25 is 0.12916193104731982 (semantics.md §2's table: 0.129162).
  @Test func samplesAreRounded() {
    let json = api.postJSON("/v1/timelines?precision=3", scene)
    #expect(json.status == 200)
    #expect(json.text.hasPrefix(#"{"times":[0,0.25],"layers":{"card":{"opacity":[0,0.129]}}"#))
    let csv = api.postJSON("/v1/timelines?precision=3&format=csv", scene)
    #expect(csv.text == "time,card.opacity\r\n0,0\r\n0.25,0.129\r\n")
    let tags = ["", "?precision=3", "?precision=4"].map {
      api.postJSON("/v1/timelines" + $0, scene).header("ETag")
    }
    #expect(Set(tags).count == 3, "\(tags)")
  }

  /// Curves, springs and traces: every JSON answer of numbers.
  @Test func curvesSpringsAndTracesAreRounded() {
    let curve = api.get("/v1/timing-functions/easeIn?x=0.3&precision=4")
    #expect(curve.text.hasSuffix(#""points":[{"x":0.3,"y":0.1296}]}"# + "\n"))
    let spring = api.postJSON(
      "/v1/springs?precision=4", #"{"swiftUIDurationBounce": {"duration": 0.5, "bounce": 0.3}}"#)
    // 4π²/0.5² = 157.91367…, 4π·0.7/0.5 = 17.5929…
    #expect(spring.text.contains(#""stiffness":157.9,"damping":17.59"#), "\(spring.text)")
    let pretty = api.get("/v1/timing-functions/easeIn?x=0.3&precision=2&pretty")
    #expect(pretty.text.contains("\"y\": 0.13"))
  }

  /// `%2B3` is "+3" once decoded (a bare `+` in a query is a space): digits only.
  @Test(arguments: ["0", "18", "3.5", "abc", "", "%2B3", "+3", "%EF%BC%93"])
  func aBadPrecisionIsNamed(value: String) {
    let response = api.postJSON("/v1/timelines?precision=\(value)", scene)
    #expect(response.status == 422)
    #expect(response.errorParameters == ["precision"])
  }

  /// Exports round within their bounds: a number of digits would break them.
  @Test(arguments: ["waapi", "css", "lottie"])
  func exportsRefuseIt(format: String) {
    let response = api.postJSON("/v1/timelines?format=\(format)&precision=3", scene)
    #expect(response.status == 422)
    #expect(response.errorParameters == ["precision"])
    let preset = api.get("/v1/presets/pop?format=\(format)&precision=3")
    #expect(preset.status == 422 && preset.errorParameters == ["precision"])
  }

  /// A plot is drawn at its own resolution: the digits would be ignored, so they are refused.
  @Test func plotsRefuseIt() {
    let timeline = api.postJSON("/v1/timelines?format=svg&precision=3", scene)
    #expect(timeline.status == 422 && timeline.errorParameters == ["precision"])
    let preset = api.get("/v1/presets/pop?format=svg&precision=3")
    #expect(preset.status == 422 && preset.errorParameters == ["precision"])
  }

  /// A route without numbers to round does not judge the parameter: a probe stays a probe.
  @Test func aRouteWithoutNumbersIgnoresIt() {
    #expect(api.get("/healthz?precision=0").status == 200)
    #expect(api.get("/v1/timing-functions/easeIn?x=0.3&precision=0").status == 422)
  }

  /// A streamed answer (more than 65 536 numbers) is rounded piece by piece and tagged with
  /// its precision.
  @Test func aStreamedAnswerIsRounded() throws {
    let body = """
      {"layers": [{"name": "a", "animations": [{"type": "basic", "keyPath": "position",
        "fromValue": [0, 0], "toValue": [1, 3], "duration": 7}]}],
       "sample": {"from": 0, "to": 49, "fps": 1000}, "keyPaths": ["position"]}
      """
    let plain = api.postJSON("/v1/timelines", body)
    let three = api.postJSON("/v1/timelines?precision=3", body)
    #expect(three.header("Content-Length") == nil)
    #expect(plain.header("ETag") != three.header("ETag"))
    let times = try #require(three.json["times"] as? [Double])
    #expect(times.count == 49_001)
    // The position at 0.007 s: (0.001, 0.003); at 0.011 s (0.0015714…, 0.0047142…) to 3
    // digits is (0.00157, 0.00471).
    let position = try #require(
      (three.json["layers"] as? [String: Any]).flatMap { $0["a"] as? [String: Any] }?["position"]
        as? [[Double]])
    #expect(position[11] == [0.00157, 0.00471])
    #expect(three.text.count < plain.text.count)
  }
}
