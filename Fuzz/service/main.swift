import FuzzSupport
import HTTPTransport
import TestSupport
import TimingAPI

// The whole request path in-process: route → decode → plan → sample → encode, through
// `TimingService.handle`, which is all the server adds around a parsed request.
//
// Input, line-oriented so that seeds are readable:
//
//     POST /v1/timelines?format=csv        request line: method, space, target
//     Accept: text/csv                     header lines, until an empty line (may be none)
//
//     {"layers": …}                        the body: everything after the empty line
//
// The request always has `Host`, and `Content-Type: application/json` unless a header line
// names another (`application/x-ndjson` for a batch: a seed's body of request lines). Header lines the real parser would reject are dropped, so every request here
// is one the server could have handed to the service.
//
// Checked on every response: never a 500 (a 5xx at all only for a method the service does not
// implement, 501); a status line and header fields the writer can put on the wire; 4xx and 5xx
// as problem+json whose `status` is the response's; JSON bodies that a strict parser accepts
// (no NaN or Infinity leaking out of the engine); 204 and 304 without a body; a gzip- or
// deflate-coded body (an input with `Accept-Encoding`) complete and valid, and checked as the
// body it decodes to.

/// Small budgets, so that no single input can take seconds under ASan: 200 points per curve,
/// 2 000 sample times, and 70 000 timeline numbers (so at most 280 000 animation evaluations):
/// just above the 65 536 past which a timeline is streamed in blocks, so that path is reached.
let service: TimingService = {
  var configuration = APIConfiguration()
  configuration.maxPointsPerRequest = 200
  configuration.maxTimelineValues = 70_000
  configuration.maxSamples = 2_000
  // A batch's lines each run under these budgets; a few, for a short while.
  configuration.maxBatchLines = 20
  configuration.batchSeconds = 2
  return TimingService(configuration: configuration)
}()

let implementedMethods: Set<String> = [
  "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT",
]

func isToken(_ text: some StringProtocol) -> Bool {
  !text.isEmpty
    && text.utf8.allSatisfy { c in
      switch c {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
      default: "!#$%&'*+-.^_`|~".utf8.contains(c)
      }
    }
}

/// The request the input describes, or nil if the server's parser could never produce it.
func request(from input: UnsafeRawBufferPointer) -> HTTPRequest? {
  let bytes = Array(input)
  var lines: [ArraySlice<UInt8>] = []
  var lineStart = 0
  var bodyStart = bytes.count
  for i in bytes.indices where bytes[i] == 0x0A {
    let line = bytes[lineStart..<i]
    lineStart = i + 1
    if line.isEmpty && !lines.isEmpty {
      bodyStart = lineStart
      break
    }
    lines.append(line)
  }
  if bodyStart == bytes.count && lineStart < bytes.count { lines.append(bytes[lineStart...]) }
  guard let requestLine = lines.first else { return nil }
  let parts = requestLine.split(separator: 0x20, maxSplits: 1)
  guard parts.count == 2, isToken(String(decoding: parts[0], as: UTF8.self)),
    parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
  else { return nil }
  let method = String(decoding: parts[0], as: UTF8.self)
  let target = String(decoding: parts[1], as: UTF8.self)
  // The forms RequestParser accepts: origin, absolute, and asterisk for OPTIONS.
  guard
    target.hasPrefix("/") || target.hasPrefix("http://") || target.hasPrefix("https://")
      || (target == "*" && method == "OPTIONS")
  else { return nil }

  var headers = HTTPFields([("Host", "fuzz")])
  var contentType: String? = "application/json"
  for line in lines.dropFirst() {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
    let name = String(decoding: line[..<colon], as: UTF8.self)
    let rawValue = line[(colon + 1)...]
    guard isToken(name), rawValue.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }),
      name.lowercased() != "host"
    else { continue }
    let value = String(decoding: rawValue, as: UTF8.self).trimmingCharacters(in: " \t")
    if name.lowercased() == "content-type" { contentType = nil }
    headers.append(name, value)
  }
  if let contentType { headers.append("Content-Type", contentType) }
  return HTTPRequest(
    method: HTTPMethod(method), target: target, headers: headers, body: Array(bytes[bodyStart...]))
}

func checkResponse(_ response: HTTPResponse, to request: HTTPRequest) {
  // Large timelines come as a stream of blocks; run it to the end as the server would.
  let code = response.status.code
  let what = "\(request.method) \(describe(request.target.utf8)) → \(code)"
  let body = decoded(response.collectedBody(), response.headers["Content-Encoding"], what)
  require(code != 500, "\(what): 500 \(describe(body))")
  require((200...599).contains(code), "\(what): status out of range")
  require(
    code < 500 || (code == 501 && !implementedMethods.contains(request.method.rawValue)),
    "\(what): \(describe(body))")
  require(
    !response.status.reason.isEmpty
      && response.status.reason.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) },
    "\(what): reason phrase \(describe(response.status.reason.utf8))")
  for field in response.headers {
    require(isToken(field.name), "\(what): header name \(describe(field.name.utf8))")
    require(
      field.value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) },
      "\(what): header \(field.name) value \(describe(field.value.utf8))")
  }
  let contentTypes = response.headers.values("Content-Type")
  if code == 204 || code == 304 {
    require(body.isEmpty && response.stream == nil, "\(what): a body on \(code)")
    return
  }
  require(contentTypes.count == 1, "\(what): Content-Type \(contentTypes)")
  let contentType = contentTypes.first ?? ""
  if code >= 400 {
    require(contentType == "application/problem+json", "\(what): Content-Type \(contentType)")
    checkProblem(response, body, what)
  } else if contentType == "application/json" {
    do throws(JSONParseError) {
      _ = try JSONParser.parse(body)
    } catch {
      require(false, "\(what): invalid JSON (\(error.message) at \(error.offset))")
    }
  } else if contentType == "application/x-ndjson" {
    // A batch: every line a JSON object, ending with its line break.
    require(body.isEmpty || body.last == UInt8(ascii: "\n"), "\(what): NDJSON without its last LF")
    for line in body.split(separator: UInt8(ascii: "\n")) {
      do throws(JSONParseError) {
        _ = try JSONParser.parse(Array(line))
      } catch {
        require(false, "\(what): invalid NDJSON line (\(error.message) at \(error.offset))")
      }
    }
  }
}

/// The body as a client reads it: a coded one inflated by zlib, which must find it complete
/// and valid (`Z_STREAM_END` with no bytes left over).
func decoded(_ body: [UInt8], _ coding: String?, _ what: String) -> [UInt8] {
  guard let coding else { return body }
  require(coding == "gzip" || coding == "deflate", "\(what): Content-Encoding \(coding)")
  // 15: a 32 KiB window, in the zlib wrapper (deflate); +16 for gzip's.
  let output = inflated(body, windowBits: coding == "gzip" ? 31 : 15)
  require(output != nil, "\(what): \(coding) body does not decode")
  return output ?? []
}

/// RFC 9457 members the service promises on every error.
func checkProblem(_ response: HTTPResponse, _ body: [UInt8], _ what: String) {
  let document: JSONValue
  do throws(JSONParseError) {
    document = try JSONParser.parse(body)
  } catch {
    require(false, "\(what): problem body is not JSON: \(describe(body))")
    return
  }
  guard case .string(let type)? = document["type"], type.hasPrefix(Problem.typeBase),
    case .string? = document["title"], case .string? = document["detail"],
    case .number(let status)? = document["status"]
  else {
    require(false, "\(what): problem without type/title/detail/status: \(describe(body))")
    return
  }
  require(status == Double(response.status.code), "\(what): problem status \(status)")
  if let errors = document["errors"] {
    guard case .array(let items) = errors else {
      require(false, "\(what): errors is not an array")
      return
    }
    for item in items {
      guard case .string? = item["message"] else {
        require(false, "\(what): an error without a message: \(describe(body))")
        return
      }
    }
  }
}

runFuzzer { input in
  guard let request = request(from: input) else { return }
  checkResponse(service.handle(request), to: request)
}
