import HTTPTransport
import Testing

@testable import TimingAPI

/// `Accept-Encoding` as RFC 9110 §12.5.3 reads it. Each expectation is worked out from the RFC's
/// rules by hand (noted beside it), not taken from the parser's output.
@Suite struct AcceptEncodingTests {
  static func choice(_ value: String) -> ContentCoding? {
    AcceptEncoding(value).preferred(among: ContentCoding.allCases)
  }

  @Test func qualitiesInThousandths() {
    // §12.4.2: at most three decimals, 1 only as 1, 1., 1.0, 1.00, 1.000.
    #expect(AcceptEncoding.qvalue("0") == 0)
    #expect(AcceptEncoding.qvalue("0.5") == 500)
    #expect(AcceptEncoding.qvalue("0.05") == 50)
    #expect(AcceptEncoding.qvalue("0.001") == 1)
    #expect(AcceptEncoding.qvalue("1") == 1000)
    #expect(AcceptEncoding.qvalue("1.000") == 1000)
    #expect(AcceptEncoding.qvalue("0.") == 0)
    for invalid in ["1.5", "1.001", "2", "0.0001", "-0.5", ".5", "0,5", "", "q", "0.5x"] {
      #expect(AcceptEncoding.qvalue(invalid) == nil, "\(invalid)")
    }
  }

  @Test func browsersAndCurl() {
    // What browsers send: gzip first among equals (the server's order breaks the tie).
    #expect(Self.choice("gzip, deflate, br, zstd") == .gzip)
    #expect(Self.choice("deflate, gzip") == .gzip)
    // curl --compressed
    #expect(Self.choice("deflate, gzip, br, zstd") == .gzip)
    #expect(Self.choice("br") == nil)  // nothing we offer: identity
  }

  @Test func weightsDecide() {
    #expect(Self.choice("gzip;q=0.5, deflate") == .deflate)
    #expect(Self.choice("gzip;q=0.5, deflate;q=0.8") == .deflate)
    #expect(Self.choice("gzip;q=0.8, deflate;q=0.5") == .gzip)
    // Identity preferred over gzip by weight.
    #expect(Self.choice("gzip;q=0.5, identity") == nil)
    // gzip named at any weight, identity not at all: gzip is what the client is asking for.
    #expect(Self.choice("gzip;q=0.1") == .gzip)
    // Equal weights: a coding rather than identity.
    #expect(Self.choice("identity;q=0.5, gzip;q=0.5") == .gzip)
  }

  @Test func refusals() {
    #expect(Self.choice("gzip;q=0") == nil)
    #expect(Self.choice("gzip;q=0, deflate") == .deflate)
    #expect(Self.choice("gzip;q=0.000, deflate;q=0") == nil)
    // `*` covers what is not named, and only that.
    #expect(Self.choice("*") == .gzip)
    #expect(Self.choice("*;q=0.2, gzip;q=0") == .deflate)
    #expect(Self.choice("*;q=0, deflate;q=0.1") == .deflate)
    // Identity refused: named, or by `*;q=0` with no entry of its own.
    #expect(AcceptEncoding("identity;q=0, gzip").refusesIdentity)
    #expect(AcceptEncoding("*;q=0").refusesIdentity)
    #expect(!AcceptEncoding("*;q=0, identity").refusesIdentity)
    #expect(!AcceptEncoding("gzip;q=0").refusesIdentity)
    // Nothing acceptable at all: identity anyway (no 406, api.md).
    #expect(Self.choice("identity;q=0, gzip;q=0, deflate;q=0") == nil)
  }

  @Test func caseWhitespaceAndAliases() {
    #expect(Self.choice("GZIP") == .gzip)
    #expect(Self.choice(" Deflate ;Q=1 , gzip ; q=0.9 ") == .deflate)
    #expect(Self.choice("\tgzip\t;\tq=0.3,identity;q=0.2") == .gzip)
    // x-gzip is gzip (§8.4.1.3); sent back as `gzip`.
    #expect(Self.choice("x-gzip") == .gzip)
    // The first mention of a coding counts.
    #expect(Self.choice("gzip;q=0, gzip") == nil)
    // A member with an invalid weight is skipped, not guessed at; empty members are ignored.
    #expect(Self.choice("gzip;q=2") == nil)
    #expect(Self.choice(",, gzip;q=abc, deflate,") == .deflate)
    // Other parameters are ignored.
    #expect(Self.choice("gzip;level=9") == .gzip)
  }

  @Test func absentAndEmpty() {
    // No field: no stated preference; the service sends identity (api.md).
    let absent = AcceptEncoding(HTTPFields([("Host", "x")]))
    #expect(absent.preferred(among: ContentCoding.allCases) == nil)
    #expect(!absent.refusesIdentity)
    // An empty field: no coding wanted (§12.5.3).
    #expect(Self.choice("") == nil)
    #expect(!AcceptEncoding("").refusesIdentity)
    // Several fields are one list (RFC 9110 §5.3).
    let two = AcceptEncoding(
      HTTPFields([("Accept-Encoding", "gzip;q=0.2"), ("accept-encoding", "deflate;q=0.4")]))
    #expect(two.preferred(among: ContentCoding.allCases) == .deflate)
  }
}
