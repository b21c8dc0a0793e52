import HTTPTransport

/// A request's `Accept-Encoding` (RFC 9110 §12.5.3), read once: which content codings the client
/// takes and how much it prefers each. Qualities are kept in thousandths, the precision of a
/// qvalue (at most 3 decimals, §12.4.2), so comparing them is exact.
struct AcceptEncoding: Equatable {
  /// A quality in thousandths: 0 (refused) … 1000.
  typealias Quality = Int

  /// Qualities of the codings named, lowercased (`x-gzip` already read as `gzip`); the first
  /// mention of a coding counts.
  private(set) var named: [String: Quality] = [:]
  /// The quality of `*`: every coding not named.
  private(set) var wildcard: Quality?

  /// No field at all: the client states no preference (§12.5.3), which allows any coding but
  /// does not say it can decode one, so the service then sends identity.
  static let absent = AcceptEncoding(named: [:], wildcard: nil, isAbsent: true)
  private(set) var isAbsent = false

  private init(named: [String: Quality], wildcard: Quality?, isAbsent: Bool) {
    self.named = named
    self.wildcard = wildcard
    self.isAbsent = isAbsent
  }

  /// Every `Accept-Encoding` field of a request, combined as one list (RFC 9110 §5.3).
  init(_ headers: HTTPFields) {
    let values = headers.values(HTTPField.Name.acceptEncoding)
    guard !values.isEmpty else {
      self = .absent
      return
    }
    self.init(values.joined(separator: ","))
  }

  /// One field value: `#( codings [ weight ] )`, codings and parameter names without regard to
  /// case, whitespace around each member and each `;`. A member whose weight is not a valid
  /// qvalue is skipped, as if it were not there, rather than guessed at.
  init(_ value: String) {
    for member in value.split(separator: ",") {
      let parts = member.split(separator: ";", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: " \t").lowercased()
      }
      var coding = parts[0]
      guard !coding.isEmpty else { continue }
      var quality: Quality? = 1000
      for parameter in parts.dropFirst() {
        let pair = parameter.split(separator: "=", maxSplits: 1).map {
          $0.trimmingCharacters(in: " \t")
        }
        guard pair.count == 2, pair[0] == "q" else { continue }
        quality = Self.qvalue(pair[1])
      }
      guard let quality else { continue }
      if coding == "x-gzip" { coding = ContentCoding.gzip.token }
      if coding == "*" {
        if wildcard == nil { wildcard = quality }
      } else if named[coding] == nil {
        named[coding] = quality
      }
    }
  }

  /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` in thousandths, or nil.
  static func qvalue(_ text: String) -> Quality? {
    let bytes = Array(text.utf8)
    guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1")
    else { return nil }
    var thousandths = first == UInt8(ascii: "1") ? 1000 : 0
    guard bytes.count > 1 else { return thousandths }
    guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5 else { return nil }
    var scale = 100
    for digit in bytes[2...] {
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
      thousandths += Int(digit - UInt8(ascii: "0")) * scale
      scale /= 10
    }
    return thousandths <= 1000 ? thousandths : nil
  }

  /// How much the client wants `coding`: as named, else as `*`, else refused (a coding not
  /// listed is not acceptable).
  func quality(of coding: ContentCoding) -> Quality {
    named[coding.token] ?? wildcard ?? 0
  }

  /// How much the client wants no coding at all. Identity is acceptable unless refused by
  /// `identity;q=0`, or by `*;q=0` with no entry of its own (§12.5.3). Not listed, it is taken
  /// as the least wanted of what is acceptable (1 thousandth): a client that names gzip at any
  /// weight, and identity not at all, is asking for gzip.
  var identityQuality: Quality {
    named["identity"] ?? wildcard ?? 1
  }

  /// What to send among `offered` (in the server's order of preference, which breaks ties; a
  /// coding is preferred to identity at equal weight, since it is smaller): the acceptable
  /// coding of the highest weight, or nil for identity. No field, or an empty one, is identity.
  /// When nothing is acceptable, identity too: RFC 9110 §12.5.3 lets the server send a
  /// response without coding rather than a 406, and plain JSON is an answer every client can
  /// read, while a 406 would leave it with none.
  func preferred(among offered: [ContentCoding]) -> ContentCoding? {
    var best: (coding: ContentCoding, quality: Quality)?
    for coding in offered {
      let quality = quality(of: coding)
      if quality > 0, quality > (best?.quality ?? 0) { best = (coding, quality) }
    }
    guard let best, best.quality >= identityQuality else { return nil }
    return best.coding
  }

  /// Whether the client refuses an answer without coding (`identity;q=0`, or `*;q=0` without
  /// an identity entry): then even a small answer is coded when some offered coding is
  /// acceptable.
  var refusesIdentity: Bool { !isAbsent && identityQuality == 0 }
}
