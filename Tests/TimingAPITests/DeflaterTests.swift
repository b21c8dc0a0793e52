import CZlib
import TestSupport
import Testing

@testable import TimingAPI

/// The deflate coder against what RFC 1950–1952 say its output must be, checked with code of
/// the test's own (CRC-32, Adler-32, the formats' fixed bytes) besides zlib's inflate; the HTTP
/// round trip through Python's gzip and zlib modules is scripts/check-compression.py, in .ci/run.
@Suite struct DeflaterTests {
  /// RFC 1952 §8's CRC-32 (reflected polynomial 0xEDB88320), bit by bit: slow, and nothing
  /// shared with zlib's table-driven one.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// RFC 1950 §8's Adler-32.
  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }

  static func littleEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
  }

  static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// zlib's inflate, as a client would decode: nil when the data is not complete and valid.
  static func inflate(_ bytes: [UInt8], _ coding: ContentCoding) -> [UInt8]? {
    inflated(bytes, windowBits: coding.windowBits)
  }

  /// A body like the service's: JSON numbers, repetitive but not trivially so.
  static func sample(_ count: Int) -> [UInt8] {
    var text = "{\"times\":["
    var generator = UInt64(42)
    while text.utf8.count < count {
      generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // 10 random bits as 3 decimals: about 2 bits of information per character.
      text += String(Double(generator >> 54) / 1000) + ","
    }
    return Array(text.utf8.prefix(count))
  }

  @Test func checksumsOfTheTestItself() {
    // The standard check values: CRC-32 of "123456789" is 0xCBF43926; Adler-32 of "Wikipedia"
    // is 0x11E60398 (RFC 1950's example in the Adler-32 literature).
    #expect(Self.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(Self.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
  }

  @Test(arguments: [0, 1, 1000, 300_000])
  func gzipFormat(_ size: Int) throws {
    let input = Self.sample(size)
    let output = Deflater.compress(input, .gzip, level: 1)
    // RFC 1952 §2.3: ID1 ID2 = 1f 8b, CM = 8 (deflate), then the trailer: CRC-32 and ISIZE,
    // both little-endian.
    #expect(Array(output.prefix(3)) == [0x1F, 0x8B, 0x08])
    let trailer = output.suffix(8)
    #expect(Self.littleEndian(trailer.prefix(4)) == Self.crc32(input))
    #expect(Self.littleEndian(trailer.suffix(4)) == UInt32(input.count))
    #expect(Self.inflate(output, .gzip) == input)
    if size >= 1000 { #expect(output.count < input.count / 2) }
  }

  @Test(arguments: [0, 1000, 300_000])
  func zlibFormatForDeflate(_ size: Int) {
    let input = Self.sample(size)
    let output = Deflater.compress(input, .deflate, level: 1)
    // RFC 1950 §2.2: CMF = 0x78 (deflate, 32 KiB window); CMF·256 + FLG a multiple of 31; no
    // preset dictionary (FLG bit 5); Adler-32 of the data at the end, big-endian.
    #expect(output.first == 0x78)
    #expect((Int(output[0]) * 256 + Int(output[1])) % 31 == 0)
    #expect(output[1] & 0x20 == 0)
    #expect(Self.bigEndian(output.suffix(4)) == Self.adler32(input))
    #expect(Self.inflate(output, .deflate) == input)
  }

  /// A streamed answer: every flushed piece ends with RFC 1951's empty stored block (00 00 ff
  /// ff, §3.2.4 and zlib's Z_SYNC_FLUSH), so what was sent so far decodes to what was given so
  /// far; the finished stream decodes to the whole.
  @Test func streamedPiecesDecodeAsTheyArrive() throws {
    let input = Self.sample(1_500_000)
    let pieces = stride(from: 0, to: input.count, by: 512 * 1024).map {
      Array(input[$0..<min(input.count, $0 + 512 * 1024)])
    }
    let deflater = Deflater(.gzip, level: 1)
    var sent: [UInt8] = []
    for (index, piece) in pieces.enumerated() {
      var output: [UInt8] = []
      let last = index == pieces.count - 1
      deflater.compress(piece, flush: last ? .finish : .sync, into: &output)
      sent += output
      if !last {
        #expect(Array(output.suffix(4)) == [0x00, 0x00, 0xFF, 0xFF])
        #expect(Self.partialInflate(sent) == Array(input.prefix((index + 1) * 512 * 1024)))
      }
    }
    #expect(Self.inflate(sent, .gzip) == input)
    // The same input compressed whole is not much smaller: the flushes cost little (5 bytes and
    // a block boundary each; 2 % is a loose bound).
    let whole = Deflater.compress(input, .gzip, level: 1)
    #expect(Double(sent.count) < Double(whole.count) * 1.02)
  }

  /// What a client decodes from an incomplete gzip stream.
  static func partialInflate(_ bytes: [UInt8]) -> [UInt8] {
    var stream = z_stream()
    guard czlib_inflate_init(&stream, ContentCoding.gzip.windowBits) == Z_OK else { return [] }
    defer { inflateEnd(&stream) }
    var input = bytes
    var output = [UInt8](repeating: 0, count: bytes.count * 20 + 1024)
    let produced = input.withUnsafeMutableBufferPointer { source in
      output.withUnsafeMutableBufferPointer { buffer in
        stream.next_in = source.baseAddress
        stream.avail_in = UInt32(source.count)
        stream.next_out = buffer.baseAddress
        stream.avail_out = UInt32(buffer.count)
        _ = CZlib.inflate(&stream, Z_SYNC_FLUSH)
        return buffer.count - Int(stream.avail_out)
      }
    }
    return Array(output.prefix(produced))
  }

  @Test func levelsTradeSizeForSpeed() {
    let input = Self.sample(200_000)
    let fast = Deflater.compress(input, .gzip, level: 1)
    let small = Deflater.compress(input, .gzip, level: 9)
    #expect(small.count <= fast.count)
    #expect(Self.inflate(small, .gzip) == input)
  }
}
