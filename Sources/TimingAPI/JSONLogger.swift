import HTTPServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Logs as one JSON object per line on stdout (DESIGN.md "Configuration"), each line written
/// with a single `write` so lines from different threads never interleave.
public struct JSONLogger: Sendable {
  public let minimumLevel: HTTPServer.LogLevel

  public init(minimumLevel: HTTPServer.LogLevel) { self.minimumLevel = minimumLevel }

  public func log(_ level: HTTPServer.LogLevel, _ message: String, _ fields: [String: String] = [:])
  {
    guard level >= minimumLevel else { return }
    var w = JSONWriter(capacity: 128)
    w.beginObject()
    w.key("time")
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    w.number(Double(now.tv_sec) + Double(now.tv_nsec / 1_000_000) / 1000)
    w.key("level")
    w.string(level.name)
    w.key("message")
    w.string(message)
    for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
      w.key(key)
      w.string(value)
    }
    w.endObject()
    var line = w.bytes
    line.append(0x0A)
    _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
  }
}
