import FuzzSupport

@testable import HTTPTransport

// The incremental HTTP/1.1 parser must not care how the bytes arrive: the same stream fed all at
// once, split in two at a point the fuzzer chooses (with and without dropping consumed bytes, as
// Connection does), and one byte at a time must give the same events and the same error.
//
// Input: two bytes of split point (little-endian, modulo the stream's length + 1), one byte whose
// low bit picks small limits (so that 414, 431 and 413 are reachable with short inputs) or the
// defaults, then the byte stream.

/// What one feeding produced, in a form that compares whole requests.
enum Outcome: Equatable {
  case head(expectsContinue: Bool)
  case complete(method: String, target: String, version: String, headers: [String], body: [UInt8])
  case error(status: Int, detail: String)
}

let smallLimits: ServerLimits = {
  var limits = ServerLimits()
  // The smallest values ServiceConfiguration accepts for the line and header section, so the
  // fuzzer's inputs (4 KiB by default) can cross every limit.
  limits.maxRequestLineBytes = 64
  limits.maxHeaderBytes = 256
  limits.maxHeaderCount = 4
  limits.maxBodyBytes = 64
  return limits
}()

/// Statuses a malformed request may get (RFC 9112/9110); anything else is a bug.
let errorStatuses: Set<Int> = [400, 413, 414, 417, 431, 501, 505]

func feed(_ chunks: [ArraySlice<UInt8>], limits: ServerLimits, compact: Bool) -> [Outcome] {
  var parser = RequestParser(limits: limits)
  var buffer: [UInt8] = []
  var start = 0
  var outcomes: [Outcome] = []
  for chunk in chunks {
    buffer.append(contentsOf: chunk)
    do throws(RequestParseError) {
      while let event = try parser.parse(buffer, from: &start) {
        require(start <= buffer.count, "parser consumed past the buffer")
        switch event {
        case .head(let expectsContinue):
          outcomes.append(.head(expectsContinue: expectsContinue))
        case .complete(let request):
          check(request, limits: limits)
          outcomes.append(
            .complete(
              method: request.method.rawValue, target: request.target,
              version: request.version.text,
              headers: request.headers.map { "\($0.name): \($0.value)" }, body: request.body))
        }
      }
    } catch {
      require(
        errorStatuses.contains(error.status.code), "unexpected status \(error.status.code)")
      outcomes.append(.error(status: error.status.code, detail: error.detail))
      return outcomes
    }
    require(start <= buffer.count, "parser consumed past the buffer")
    if compact {
      buffer.removeFirst(start)
      start = 0
    }
  }
  return outcomes
}

/// What every accepted request must satisfy whatever the bytes were.
func check(_ request: HTTPRequest, limits: ServerLimits) {
  require(
    !request.method.rawValue.isEmpty
      && request.method.rawValue.utf8.allSatisfy(RequestParser.isTokenByte),
    "method \(describe(request.method.rawValue.utf8))")
  require(
    !request.target.isEmpty && request.target.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F },
    "target \(describe(request.target.utf8))")
  require(request.version == .http11 || request.version == .http10, "version")
  require(request.body.count <= limits.maxBodyBytes, "body of \(request.body.count) bytes")
  require(request.headers.count <= limits.maxHeaderCount, "\(request.headers.count) headers")
  if let length = request.headers["Content-Length"] {
    require(
      Int(length) == request.body.count, "Content-Length \(length), body \(request.body.count)")
  }
}

runFuzzer { input in
  guard input.count >= 3 else { return }
  let stream = Array(input[3...])
  let split = (Int(input[0]) | Int(input[1]) << 8) % (stream.count + 1)
  let limits = input[2] & 1 == 0 ? smallLimits : ServerLimits()

  let whole = feed([stream[...]], limits: limits, compact: false)
  let halves = [stream[..<split], stream[split...]]
  let splitGrowing = feed(halves, limits: limits, compact: false)
  require(splitGrowing == whole, "split at \(split): \(splitGrowing) vs all at once: \(whole)")
  let splitCompacted = feed(halves, limits: limits, compact: true)
  require(
    splitCompacted == whole, "split at \(split), compacted: \(splitCompacted) vs \(whole)")
  let bytewise = feed(stream.indices.map { stream[$0...$0] }, limits: limits, compact: false)
  require(bytewise == whole, "byte at a time: \(bytewise) vs all at once: \(whole)")
}
