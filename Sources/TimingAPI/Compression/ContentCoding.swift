/// The content codings the service can apply to an answer (RFC 9110 §8.4.1), in its order of
/// preference when a client weighs them equally: gzip first, since every client that decodes
/// either decodes gzip, while "deflate" was long sent raw (without the zlib wrapper) by some
/// servers and read that way by some clients. Both are zlib's deflate inside a different
/// wrapper, so offering deflate costs nothing but the wrapper.
public enum ContentCoding: String, CaseIterable, Sendable {
  /// RFC 1952's gzip format: a 10-byte header, deflate data, CRC-32 and length (18 bytes of
  /// framing). `x-gzip` in a request means the same (RFC 9110 §8.4.1.3).
  case gzip
  /// RFC 1950's zlib format (RFC 9110 §8.4.1.2): a 2-byte header, deflate data, Adler-32
  /// (6 bytes of framing).
  case deflate

  /// zlib's `windowBits` for this wrapper: 15 (a 32 KiB window, zlib's largest and its
  /// default), plus 16 for a gzip header and trailer instead of zlib's.
  var windowBits: Int32 {
    switch self {
    case .gzip: 15 + 16
    case .deflate: 15
    }
  }

  /// The `Content-Encoding` value, and what an entity tag of this coding ends with.
  public var token: String { rawValue }
}
