import CZlib

/// zlib's inflate, as a client decodes an answer: `windowBits` 15 for `deflate` (the zlib
/// wrapper), 31 for `gzip`. Nil unless the data is one complete, valid stream with nothing
/// after it. Shared by the API tests and the service fuzz target, which check coded answers.
public func inflated(_ bytes: [UInt8], windowBits: Int32) -> [UInt8]? {
  var stream = z_stream()
  guard czlib_inflate_init(&stream, windowBits) == Z_OK else { return nil }
  defer { inflateEnd(&stream) }
  var output: [UInt8] = []
  var input = bytes
  var chunk = [UInt8](repeating: 0, count: 65536)
  var status = Z_OK
  input.withUnsafeMutableBufferPointer { source in
    stream.next_in = source.baseAddress
    stream.avail_in = UInt32(source.count)
    repeat {
      status = chunk.withUnsafeMutableBufferPointer { buffer in
        stream.next_out = buffer.baseAddress
        stream.avail_out = UInt32(buffer.count)
        return inflate(&stream, Z_SYNC_FLUSH)
      }
      output += chunk[0..<(chunk.count - Int(stream.avail_out))]
    } while status == Z_OK && (stream.avail_in > 0 || stream.avail_out == 0)
  }
  return status == Z_STREAM_END && stream.avail_in == 0 ? output : nil
}
