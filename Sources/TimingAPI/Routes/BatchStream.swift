import Dispatch
import HTTPTransport
import TimingEngine

/// A batch's answer, produced as the client takes it (`ResponseStream`): each line of the body
/// run through the service when its turn comes, and written as `{"line": n, "status": s,
/// "body": …}` — the answer's JSON as it is (its line breaks, from `?pretty`, removed: JSON
/// whitespace), or its text as a JSON string. An answer the service streams (a large timeline)
/// is copied piece by piece, so a batch holds at most one line's piece and the body it was sent.
/// A piece ends after 64 KiB or 50 ms of lines, so each line is sent soon after it is answered.
final class BatchStream: @unchecked Sendable {
  let body: [UInt8]
  /// Each line's bytes in `body`, and its number (from 1, counting empty lines, which are
  /// skipped).
  let lines: [(number: Int, range: Range<Int>)]
  let service: BatchService
  /// A line's body limit: the single request's.
  let maxLineBodyBytes: Int
  let requestID: String?
  /// Monotonic nanoseconds after which no more lines run.
  let deadline: UInt64
  let seconds: Double
  private var next = 0
  /// The answer being copied, when the service streamed it.
  private var open: (stream: ResponseStream, isJSON: Bool)?

  enum Member: String, WireMember {
    case line, status, body
  }

  enum RequestMember: String, WireMember {
    case method, path, body, headers
  }

  /// Headers a line may give its request (the rest are the batch's business).
  static let lineHeaders: Set<String> = [HTTPField.Name.accept.lowercased()]

  /// A piece's size and time before it is handed to the client.
  static let pieceBytes = 64 * 1024
  static let pieceNanoseconds: UInt64 = 50_000_000

  init(
    body: [UInt8], lines: [(number: Int, range: Range<Int>)], service: BatchService,
    maxLineBodyBytes: Int = 1 << 20, requestID: String?, deadline: UInt64, seconds: Double
  ) {
    self.body = body
    self.lines = lines
    self.service = service
    self.maxLineBodyBytes = maxLineBodyBytes
    self.requestID = requestID
    self.deadline = deadline
    self.seconds = seconds
  }

  /// The non-empty lines of an NDJSON body (LF-separated, a CR before it dropped).
  static func lines(_ body: [UInt8]) -> [(number: Int, range: Range<Int>)] {
    var lines: [(Int, Range<Int>)] = []
    var start = 0
    var number = 1
    for i in 0...body.count {
      guard i == body.count || body[i] == UInt8(ascii: "\n") else { continue }
      var end = i
      if end > start && body[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      if body[start..<end].contains(where: { !Self.isSpace($0) }) {
        lines.append((number, start..<end))
      }
      start = i + 1
      number += 1
    }
    return lines
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D
  }

  func produce(_ out: inout [UInt8]) -> Bool {
    let started = DispatchTime.now().uptimeNanoseconds
    while out.count < Self.pieceBytes
      && DispatchTime.now().uptimeNanoseconds - started < Self.pieceNanoseconds
    {
      if let (stream, isJSON) = open {
        let (piece, more) = stream.next()
        Self.append(piece, isJSON: isJSON, to: &out)
        if !more {
          out += isJSON ? Array("}\n".utf8) : Array("\"}\n".utf8)
          open = nil
        }
        continue
      }
      guard next < lines.count else { return false }
      let (number, range) = lines[next]
      next += 1
      let response: HTTPResponse
      if DispatchTime.now().uptimeNanoseconds >= deadline {
        response =
          Problem(
            .serviceUnavailable, "batch-time-exhausted", "Batch time exhausted",
            "the batch ran for its \(numberText(seconds)) s (the drain timeout, less the slowest line) before this line: it did not run; send it again"
          ).response
      } else {
        response = answer(Array(body[range]), number: number)
      }
      let type = response.headers[HTTPField.Name.contentType] ?? ""
      let isJSON = Self.isJSON(type)
      out += Array("{\"line\":\(number),\"status\":\(response.status.code),\"body\":".utf8)
      if !isJSON { out.append(UInt8(ascii: "\"")) }
      if let stream = response.stream {
        open = (stream, isJSON)
        continue
      }
      // An answer without a body (none of the routes gives one) is JSON's null, not nothing.
      Self.append(
        isJSON && response.body.isEmpty ? Array("null".utf8) : response.body, isJSON: isJSON,
        to: &out)
      out += isJSON ? Array("}\n".utf8) : Array("\"}\n".utf8)
    }
    return next < lines.count || open != nil
  }

  /// The line's request run through the service, or the problem that it is not one.
  private func answer(_ line: [UInt8], number: Int) -> HTTPResponse {
    switch Self.request(line, number: number, batchID: requestID, maxBody: maxLineBodyBytes) {
    case .success(let request): return service.handle(request)
    case .failure(var problem):
      problem.instance = requestID.map { "\($0)-\(number)" }
      return problem.response
    }
  }

  /// The request a line describes: `{"method": "POST", "path": "/v1/…?query", "body": …,
  /// "headers": {"Accept": …}}`.
  static func request(_ line: [UInt8], number: Int, batchID: String?, maxBody: Int = 1 << 20)
    -> Result<HTTPRequest, Problem>
  {
    var budget = WorkBudget.unlimited
    let value: JSONValue
    do throws(Problem) {
      value = try RequestBody.parse(line, budget: &budget)
    } catch {
      return .failure(error)
    }
    var context = DecodingContext(budget: .unlimited)
    let root = JSONPointer()
    guard let members = context.object(value, at: root) else {
      return .failure(Problem.invalidRequest(context.problems))
    }
    for (name, _) in members where RequestMember(rawValue: name) == nil {
      context.fail(root / name, "is not a member of a batch line: method, path, body, headers")
    }
    let method = context.requiredString(
      value[RequestMember.method], at: root / RequestMember.method, "GET or POST")
    let path = context.requiredString(
      value[RequestMember.path], at: root / RequestMember.path,
      "the request's path and query, /v1/…")
    if let method, method != "GET" && method != "POST" {
      context.fail(root / RequestMember.method, "'\(method.prefix(20))' is not GET or POST")
    }
    if let path {
      let bare = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
      if !path.hasPrefix("/") || path.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7F }) {
        context.fail(
          root / RequestMember.path,
          "must be a path and query as a request line has it: /v1/…, percent-encoded")
      } else if bare == BatchRoutes.path {
        context.fail(root / RequestMember.path, "a batch cannot hold a batch")
      }
    }
    var headers = HTTPFields([])
    if let given = value[RequestMember.headers] {
      for (name, header) in context.object(given, at: root / RequestMember.headers) ?? [] {
        let at = root / RequestMember.headers / name
        guard Self.lineHeaders.contains(name.lowercased()) else {
          context.fail(at, "a line may set Accept only; the batch sets the others")
          continue
        }
        if let text = context.string(header, at: at) { headers.append(name, text) }
      }
    }
    if method == "GET" && value[RequestMember.body] != nil {
      context.fail(root / RequestMember.body, "a GET has no body")
    }
    guard context.problems.isEmpty, let method, let path else {
      return .failure(Problem.invalidRequest(context.problems))
    }
    var body: [UInt8] = []
    if let given = value[RequestMember.body] {
      var w = JSONWriter(capacity: line.count)
      w.value(given)
      body = w.take()
      // What the request alone could not send, a line cannot either.
      guard body.count <= maxBody else {
        return .failure(
          Problem(
            .contentTooLarge, "content-too-large", "Content Too Large",
            "the line's body is \(body.count) bytes; a request's may be at most \(maxBody) (--max-body-bytes)",
            errors: [.at(JSONPointer() / RequestMember.body, "is larger than \(maxBody) bytes")]))
      }
      headers.append(HTTPField.Name.contentType, HTTPResponse.jsonType)
    }
    if let batchID { headers.append(HTTPField.Name.requestID, "\(batchID)-\(number)") }
    return .success(
      HTTPRequest(method: HTTPMethod(method), target: path, headers: headers, body: body))
  }

  /// Whether an answer of `contentType` is JSON, embedded as it is.
  static func isJSON(_ contentType: String) -> Bool {
    let mediaType =
      contentType.split(separator: ";").first.map {
        $0.trimmingCharacters(in: " \t").lowercased()
      } ?? ""
    return mediaType == "application/json" || mediaType.hasSuffix("+json")
  }

  /// `\u00` and the hex digits of a control byte's escape (made once, not per answer).
  static let controlEscape = Array("\\u00".utf8)
  static let hexDigits = Array("0123456789abcdef".utf8)

  /// JSON as it is, its line breaks dropped (whitespace between its tokens: inside its strings
  /// a line break is `\n`); text as a JSON string's content.
  static func append(_ bytes: [UInt8], isJSON: Bool, to out: inout [UInt8]) {
    if isJSON {
      out.reserveCapacity(out.count + bytes.count)
      for byte in bytes where byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r") {
        out.append(byte)
      }
      return
    }
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0..<0x20:
        out +=
          Self.controlEscape + [Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 15)]]
      default: out.append(byte)
      }
    }
  }
}
