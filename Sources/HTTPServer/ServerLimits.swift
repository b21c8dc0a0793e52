/// Limits and deadlines, all configurable (DESIGN.md "The server").
public struct ServerLimits: Sendable {
  /// Longest request line (method, target, version) before 414.
  public var maxRequestLineBytes = 8 * 1024
  /// Largest header section (request line included) before 431.
  public var maxHeaderBytes = 16 * 1024
  /// Most header fields before 431.
  public var maxHeaderCount = 100
  /// Largest request body before 413; decided from the headers when the length is declared.
  public var maxBodyBytes = 1024 * 1024
  /// From a request's first byte to the end of its header section.
  public var headerTimeout: Double = 10
  /// From the end of the header section to the end of the body.
  public var bodyTimeout: Double = 30
  /// How long a kept-alive connection may wait for its next request.
  public var idleTimeout: Double = 60
  /// How long a response may take to be written out to a client that is slow to read it.
  public var writeTimeout: Double = 30
  /// Open connections beyond which new ones get 503 and are closed.
  public var maxConnections = 1024
  /// Response bytes written by handlers but not yet taken by their clients, across all
  /// connections; beyond it new requests get 503 instead of adding more (slow or stalled readers
  /// would otherwise hold every timeline they asked for in memory).
  public var maxBufferedResponseBytes = 256 << 20

  public init() {}
}
