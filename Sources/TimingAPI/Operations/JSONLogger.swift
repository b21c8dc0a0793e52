import HTTPTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Logs as one JSON object per line on stdout (design.md "Configuration"), each line written
/// with a single `write` so lines from different threads never interleave.
public struct JSONLogger: Sendable {
  /// Where a component that logs sends its lines (level, message, fields), without knowing how
  /// they are written.
  public typealias Sink = @Sendable (LogLevel, String, [String: LogValue]) -> Void

  public let minimumLevel: LogLevel

  public init(minimumLevel: LogLevel) { self.minimumLevel = minimumLevel }

  /// RFC 3339 UTC with milliseconds, e.g. 2026-11-29T18:42:07.123Z.
  static func timestamp() -> String {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var seconds = now.tv_sec
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func pad(_ n: Int, _ width: Int) -> String {
      let digits = String(n)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return
      "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))T"
      + "\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2))."
      + "\(pad(Int(now.tv_nsec / 1_000_000), 3))Z"
  }

  /// One line for a server event at the level the process gives it (`LogLevel(_:)`), its fields
  /// built only when the line is written.
  public func log(_ event: ServerEvent) {
    let level = LogLevel(event)
    guard level >= minimumLevel else { return }
    log(level, event.message, fields: event.fields.mapValues(LogValue.init(eventField:)))
  }

  /// A line whose fields are all text (the server's events, the process's messages).
  public func log(_ level: LogLevel, _ message: String, _ fields: [String: String] = [:]) {
    guard level >= minimumLevel else { return }
    log(level, message, fields: fields.mapValues { LogValue.string($0) })
  }

  public func log(_ level: LogLevel, _ message: String, fields: [String: LogValue]) {
    guard level >= minimumLevel else { return }
    emit(Self.line(level, message, fields))
  }

  /// The line's bytes, newline included: `time`, `level` and `message` first, then the fields
  /// in the order of their names, so lines diff and grep the same way every time.
  static func line(_ level: LogLevel, _ message: String, _ fields: [String: LogValue]) -> [UInt8] {
    var w = JSONWriter(capacity: 128)
    w.beginObject()
    w.key("time")
    w.string(Self.timestamp())
    w.key("level")
    w.string(level.name)
    w.key("message")
    w.string(message)
    for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
      w.key(key)
      value.write(to: &w)
    }
    w.endObject()
    var line = w.bytes
    line.append(0x0A)
    return line
  }

  private func emit(_ line: [UInt8]) {
    _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
  }
}
