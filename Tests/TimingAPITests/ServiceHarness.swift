import HTTPTransport
import TestSupport
import TimingAPI

/// The service without a server: each request is built as an `HTTPRequest` value and handed to
/// `TimingService.handle` in this process, for everything that is not about the transport
/// (routes, content negotiation, queries, ETags, decoders, work limits). No socket, no server
/// threads, no parser: a request costs what the service does with it.
///
/// The same convenience API as `APITestHarness` (`get`, `postJSON`, `request`) answering the
/// same `RawClient.Response`, so the readers in ResponseReading.swift serve both and a test
/// moves between them by changing its harness. A streamed answer (a large timeline) is run to
/// its end, so its body is checked like any other. What only the server adds is absent here:
/// `Content-Length`, `Transfer-Encoding`, `Date`, `Connection`, and HEAD's empty body (the
/// writer drops it); tests of those use `APITestHarness` (see APISocketTests).
struct ServiceHarness {
  let service: TimingService

  init(
    configuration: APIConfiguration = APIConfiguration(),
    metrics: Metrics = Metrics(),
    ready: @escaping @Sendable () -> Bool = { true },
    accessLog: JSONLogger.Sink? = nil
  ) {
    service = TimingService(
      configuration: configuration, metrics: metrics, readiness: ready, accessLog: accessLog)
  }

  func request(
    _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil
  ) -> RawClient.Response {
    let response = answer(method, target, headers: headers, body: body)
    return RawClient.Response(
      status: response.status.code, headers: response.headers.map { ($0.name, $0.value) },
      body: response.collectedBody())
  }

  /// The service's answer to a request as the socket harness writes it (`Host` first, the given
  /// headers, `Content-Length` when there is a body), as it comes: a streamed body not yet run,
  /// for checks of the head alone (whether the answer streams, its ETag), which then cost no
  /// sampling.
  func answer(
    _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil
  ) -> HTTPResponse {
    var fields = HTTPFields([("Host", "test")] + headers)
    if let body { fields.append("Content-Length", String(body.count)) }
    return service.handle(
      HTTPRequest(method: HTTPMethod(method), target: target, headers: fields, body: body ?? []))
  }

  /// `answer` for a JSON body.
  func answer(postingJSON json: String, to target: String, headers: [(String, String)] = [])
    -> HTTPResponse
  {
    answer(postingJSON: Array(json.utf8), to: target, headers: headers)
  }

  /// `answer` for a JSON body as bytes, which need not be UTF-8 (mutated requests).
  func answer(postingJSON json: [UInt8], to target: String, headers: [(String, String)] = [])
    -> HTTPResponse
  {
    answer("POST", target, headers: [("Content-Type", "application/json")] + headers, body: json)
  }

  func get(_ target: String, headers: [(String, String)] = []) -> RawClient.Response {
    request("GET", target, headers: headers)
  }

  func postJSON(_ target: String, _ json: String, headers: [(String, String)] = [])
    -> RawClient.Response
  {
    postJSON(target, Array(json.utf8), headers: headers)
  }

  /// Bytes as they are, for bodies that need not be UTF-8 (mutated requests).
  func postJSON(_ target: String, _ json: [UInt8], headers: [(String, String)] = [])
    -> RawClient.Response
  {
    request(
      "POST", target, headers: [("Content-Type", "application/json")] + headers, body: json)
  }
}
