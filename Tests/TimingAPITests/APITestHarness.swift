import Dispatch
import Foundation
import HTTPTransport
import TestSupport
import TimingAPI

/// A real server with the real service on an ephemeral loopback port, for the API tests where
/// the transport is part of what is checked (APISocketTests); everything else uses
/// `ServiceHarness`, which has the same API without a socket. Responses are read back with
/// Foundation's JSONSerialization (ResponseReading.swift), independent of the service's own
/// JSON code.
final class APITestHarness {
  let server: HTTPServer
  let service: TimingService

  init(
    configuration: APIConfiguration = APIConfiguration(),
    ready: @escaping @Sendable () -> Bool = { true }
  ) throws {
    let service = TimingService(configuration: configuration, readiness: ready)
    self.service = service
    // The server's limits as the process sets them (the batch path's larger body among them).
    var limits = ServiceConfiguration().limits
    limits.idleTimeout = 5
    server = HTTPServer(
      host: "127.0.0.1", port: 0, limits: limits, workers: 2,
      errorResponder: TimingService.transportError,
      classify: { service.placement(of: $0) }
    ) { service.handle($0, placement: $1) }
    try server.start()
  }

  deinit {
    let done = DispatchSemaphore(value: 0)
    server.shutdown(drainTimeout: 2) { done.signal() }
    done.wait()
  }

  func request(
    _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8]? = nil
  ) throws -> RawClient.Response {
    let client = try RawClient(port: server.port)
    var head = "\(method) \(target) HTTP/1.1\r\nHost: test\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    if let body { head += "Content-Length: \(body.count)\r\n" }
    head += "\r\n"
    client.send(Array(head.utf8) + (body ?? []))
    return try client.readResponse(head: method == "HEAD")
  }

  func get(_ target: String, headers: [(String, String)] = []) throws -> RawClient.Response {
    try request("GET", target, headers: headers)
  }

  func postJSON(_ target: String, _ json: String, headers: [(String, String)] = []) throws
    -> RawClient.Response
  {
    try request(
      "POST", target, headers: [("Content-Type", "application/json")] + headers,
      body: Array(json.utf8))
  }
}
