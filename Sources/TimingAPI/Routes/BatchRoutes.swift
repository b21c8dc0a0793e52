import Dispatch
import HTTPTransport
import TimingEngine

/// `POST /v1/batch` (api.md "Batch"): many requests in one body, one JSON object a line
/// (NDJSON), each answered by the service as it would be alone — its route, its own work budget,
/// its own status — and written back one line each, in input order, streamed as they complete.
/// A line that is not a request, or that its route refuses, is its own problem line and stops
/// nothing else. The batch has caps of its own: a body limit larger than a single request's
/// (the transport's for this path), a line count, and a time within the drain timeout, after
/// which the lines left are answered 503 without running, so a rolling restart never cuts a
/// batch short.
struct BatchRoutes {
  let configuration: APIConfiguration
  /// The service itself, which answers each line; set once the service is built.
  let service: BatchService
  /// Whether the server takes new work (false while draining): a batch begun while draining has
  /// less time, so it still ends before the drain does.
  let readiness: @Sendable () -> Bool

  static let path = "/v1/batch"
  static let mediaType = "application/x-ndjson"

  var routes: [Route] { [Route.post(Self.path, .heavy, batch)] }

  private func batch(_ context: RequestContext) throws(Problem) -> HTTPResponse {
    _ = try context.negotiate([Self.mediaType])
    try context.rejectUnknownParameters(allowed: [], answersJSON: false)
    let type = context.request.headers[HTTPField.Name.contentType]
    let mediaType = type?.split(separator: ";").first?.trimmingCharacters(in: " \t").lowercased()
    guard mediaType == Self.mediaType else {
      throw Problem(
        .unsupportedMediaType, "unsupported-media-type", "Unsupported media type",
        "a batch is NDJSON in UTF-8, one request a line, sent with 'Content-Type: \(Self.mediaType)'"
          + (type.map { " (got '\($0.prefix(100))')" } ?? " (no Content-Type was sent)"))
    }
    let lines = BatchStream.lines(context.request.body)
    guard lines.count <= configuration.maxBatchLines else {
      throw Problem(
        .contentTooLarge, "too-many-lines", "Too many lines",
        "a batch holds at most \(configuration.maxBatchLines) requests; this one has \(lines.count): send the rest in another",
        errors: [
          .at(JSONPointer(), "has \(lines.count) lines, more than \(configuration.maxBatchLines)")
        ])
    }
    let seconds = readiness() ? configuration.batchSeconds : configuration.drainingBatchSeconds
    let stream = BatchStream(
      body: context.request.body, lines: lines, service: service,
      maxLineBodyBytes: configuration.maxLineBodyBytes,
      requestID: context.request.headers[HTTPField.Name.requestID],
      deadline: DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9), seconds: seconds)
    var fields = HTTPFields([(HTTPField.Name.contentType, Self.mediaType)])
    fields.append(HTTPField.Name.cacheControl, "no-store")
    return HTTPResponse(
      status: .ok, headers: fields,
      stream: ResponseStream(reservedBytes: context.request.body.count) { stream.produce(&$0) })
  }
}

/// The service as a batch line reaches it: the whole chain (metrics, access log, request id),
/// set after the service is built, since the batch route is one of its routes.
final class BatchService: @unchecked Sendable {
  /// Set once, in `TimingService.init`, before any request; read only after.
  var handle: (HTTPRequest) -> HTTPResponse = { _ in
    Problem.transport(.serviceUnavailable, "the service is starting").response
  }
}
