#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Response bytes waiting for the socket, as the pieces they were made in: a head and a body
/// go out in one `writev` without being copied into one array.
struct OutputQueue {
  private var pieces: [[UInt8]] = []
  private var first = 0
  private var offset = 0
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  mutating func append(_ piece: [UInt8]) {
    pieces.append(piece)
    count += piece.count
  }

  /// One `writev` of up to 16 pieces; what `writev` returned (−1 with errno on failure).
  mutating func write(to fd: Int32) -> Int {
    let end = min(pieces.count, first + 16)
    var vectors: [iovec] = []
    vectors.reserveCapacity(end - first)
    let written = Self.withVectors(pieces, first, end, offset, &vectors) { vectors in
      vectors.withUnsafeBufferPointer { writev(fd, $0.baseAddress, Int32($0.count)) }
    }
    guard written > 0 else { return written }
    var left = written
    count -= written
    while left > 0 {
      let available = pieces[first].count - offset
      if left >= available {
        left -= available
        pieces[first] = []
        first += 1
        offset = 0
      } else {
        offset += left
        left = 0
      }
    }
    if first == pieces.count {
      pieces.removeAll(keepingCapacity: true)
      first = 0
    }
    return written
  }

  /// Calls `body` with an iovec per piece in `i..<end`, each pointer valid for the whole call
  /// (the pointers are taken in nested `withUnsafeBytes` scopes, not escaped from them).
  private static func withVectors(
    _ pieces: [[UInt8]], _ i: Int, _ end: Int, _ skip: Int, _ vectors: inout [iovec],
    _ body: (inout [iovec]) -> Int
  ) -> Int {
    guard i < end else { return body(&vectors) }
    return pieces[i].withUnsafeBytes { raw in
      vectors.append(
        iovec(
          iov_base: UnsafeMutableRawPointer(mutating: raw.baseAddress! + skip),
          iov_len: raw.count - skip))
      return withVectors(pieces, i + 1, end, 0, &vectors, body)
    }
  }

  /// Drops the storage of a finished response.
  mutating func releaseStorage() {
    pieces = []
    first = 0
    offset = 0
  }
}
