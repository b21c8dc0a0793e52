import HTTPTransport
import Synchronization

/// A request id for every request: the client's `X-Request-ID` when it is a plausible id, else
/// one made here. It is echoed in the response, put on the request (`ServiceRequest.id`) for the
/// wrappers and handlers inside (the access log's `requestId`, a problem's `instance`), so one
/// id follows a request through a proxy's logs, ours and the client's error report.
///
/// Outermost, so that everything inside sees the id.
struct RequestIDMiddleware: Middleware {
  static let field = HTTPField.Name.requestID
  /// Longer ids are ignored and replaced: 128 bytes holds a UUID (36), a W3C trace parent (55)
  /// or a proxy's composite id with room to spare, and bounds what one field adds to each log
  /// line and problem.
  static let maxLength = 128

  func respond<Next: Responder>(to request: ServiceRequest, next: Next) -> RoutedResponse {
    var request = request
    let id: String
    if let given = request.headers[Self.field], Self.isValid(given) {
      id = given
    } else {
      id = Self.generate()
    }
    request.id = id
    var routed = next.respond(to: request)
    routed.response.headers.set(Self.field, id)
    return routed
  }

  /// 1 to 128 of RFC 9110's token characters (§5.6.2): letters, digits and
  /// ``!#$%&'*+-.^_`|~``. No spaces, quotes, commas or control bytes, so the id is safe to put
  /// in a log line, a header and a problem's `instance` as it is.
  static func isValid(_ id: String) -> Bool {
    let bytes = id.utf8
    guard !bytes.isEmpty, bytes.count <= maxLength else { return false }
    return bytes.allSatisfy(isTokenByte)
  }

  private static func isTokenByte(_ c: UInt8) -> Bool {
    switch c {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
      UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
      UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  /// 64 random bits drawn once per process (so ids from different replicas and restarts do not
  /// collide: among 10 000 processes the chance that two share a prefix is about 3 in 10¹²), as 16
  /// hex digits.
  static let processPrefix: String = {
    var generator = SystemRandomNumberGenerator()
    let hex = String(generator.next() as UInt64, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex + "-"
  }()
  private static let counter = Atomic<UInt64>(0)

  /// `<process prefix>-<counter in hex>`, e.g. `3f9c0e7a5b21d4c8-1a`: unique within the process
  /// by the counter, across processes by the prefix; one relaxed atomic add and one string
  /// written in place, no system call (`String(radix:)` and a concatenation took three
  /// allocations, ~1.5 % of a small GET in process).
  static func generate() -> String {
    id(number: counter.wrappingAdd(1, ordering: .relaxed).newValue)
  }

  /// The process's prefix and `n` in lowercase hex, without leading zeros.
  static func id(number n: UInt64) -> String {
    let digits = max(1, (UInt64.bitWidth - n.leadingZeroBitCount + 3) / 4)
    var prefix = processPrefix
    return prefix.withUTF8 { prefix in
      String(unsafeUninitializedCapacity: prefix.count + digits) { buffer in
        _ = buffer.initialize(from: prefix)
        for i in 0..<digits {
          buffer[prefix.count + i] = hexDigits[Int(n >> UInt64(4 * (digits - 1 - i)) & 0xF)]
        }
        return prefix.count + digits
      }
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
