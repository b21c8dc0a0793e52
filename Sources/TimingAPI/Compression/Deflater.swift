import CZlib

/// One compressed body in the making: zlib's deflate in a gzip or zlib wrapper, fed in pieces.
/// Holds zlib's state (about 262 KiB: `memoryBytes`) until it is finished or released; used by
/// one thread at a time (a streamed answer's pieces are made one at a time), hence the
/// unchecked `Sendable`.
public final class Deflater: @unchecked Sendable {
  /// What ends the input handed to `compress`.
  public enum Flush {
    /// More input follows; zlib may keep some of this input back for better matches.
    case none
    /// More input follows, but everything so far is sent now, so the client can decode it
    /// without waiting for the next piece: an empty stored block, 5 bytes, and the start of a
    /// new deflate block (`Z_SYNC_FLUSH`).
    case sync
    /// The end of the body: the last block and the wrapper's trailer (`Z_FINISH`).
    case finish

    var zlibValue: Int32 {
      switch self {
      case .none: Z_NO_FLUSH
      case .sync: Z_SYNC_FLUSH
      case .finish: Z_FINISH
      }
    }
  }

  /// zlib's memory per deflate stream at windowBits 15 and memLevel 8 (zlib.h: `(1 << (windowBits
  /// + 2)) + (1 << (memLevel + 9))` = 256 KiB) plus its ~6 KiB of state: counted against the
  /// server's buffered-bytes budget with a streamed answer.
  public static let memoryBytes = 262_144 + 6 * 1024

  public let coding: ContentCoding
  private let stream: UnsafeMutablePointer<z_stream>
  private var finished = false

  /// `level` is zlib's, 1 (fastest) … 9 (smallest).
  public init(_ coding: ContentCoding, level: Int32) {
    self.coding = coding
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    let status = czlib_deflate_init(stream, level, coding.windowBits)
    // Only Z_MEM_ERROR is possible with these constant, valid parameters: out of memory, where
    // the process cannot go on anyway.
    precondition(status == Z_OK, "deflateInit2 failed: \(status)")
  }

  deinit {
    deflateEnd(stream)
    stream.deallocate()
  }

  /// Compresses `input`, appending what zlib gives out to `output`. After `.finish` the body is
  /// complete and the deflater takes no more input.
  public func compress(_ input: [UInt8], flush: Flush, into output: inout [UInt8]) {
    precondition(!finished, "compress after the body was finished")
    // No input and nothing to end: zlib would report no progress possible (Z_BUF_ERROR).
    if input.isEmpty, case .none = flush { return }
    defer { stream.pointee.next_in = nil }
    input.withUnsafeBufferPointer { source in
      stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
      stream.pointee.avail_in = UInt32(source.count)
      // Room for a quarter of the input at first: timelines compress 3.7–13× (performance.md
      // "Compression"), so one round usually suffices, and a larger one would only be
      // zero-filled and given back.
      let room = max(4096, source.count / 4)
      while true {
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: room))
        let status = output.withUnsafeMutableBufferPointer { buffer in
          stream.pointee.next_out = buffer.baseAddress! + start
          stream.pointee.avail_out = UInt32(room)
          return deflate(stream, flush.zlibValue)
        }
        let left = Int(stream.pointee.avail_out)
        output.removeLast(left)
        // Z_BUF_ERROR only says this round could make no progress: the previous round filled
        // its output exactly, and nothing was left to give out.
        precondition(
          status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR,
          "deflate failed: \(status)")
        switch flush {
        case .finish:
          // Z_OK: the output room ran out before the trailer; go on until Z_STREAM_END.
          precondition(status != Z_BUF_ERROR, "deflate made no progress while finishing")
          if status == Z_STREAM_END {
            finished = true
            return
          }
        case .none, .sync:
          // Room left over: zlib has given out all it will for this input and flush mode.
          // Z_BUF_ERROR: the previous round filled its room exactly with the last of it.
          if left > 0 || status == Z_BUF_ERROR { return }
        }
      }
    }
  }

  /// `input` compressed whole, in one call: for answers held whole.
  public static func compress(_ input: [UInt8], _ coding: ContentCoding, level: Int32) -> [UInt8] {
    let deflater = Deflater(coding, level: level)
    var output: [UInt8] = []
    output.reserveCapacity(input.count / 4 + 64)
    deflater.compress(input, flush: .finish, into: &output)
    return output
  }
}
