import HTTPServer

/// Everything the process can be told, from flags with environment fallbacks (12-factor style;
/// design.md "Configuration"). Flags win over the environment, which wins over defaults.
public struct ServiceConfiguration: Sendable {
  public var host = "0.0.0.0"
  public var port = 8080
  public var workers = 2
  public var logLevel = LogLevel.info
  public var drainTimeout = 10.0
  public var limits = ServerLimits()
  public var api = APIConfiguration()

  public init() {}

  public enum Outcome {
    case run(ServiceConfiguration)
    case help(String)
    /// `--healthcheck`: probe `/healthz` of a server on this configuration's port and exit.
    case healthCheck(ServiceConfiguration)
    case invalid(String)
  }

  struct Option: Sendable {
    let flag: String
    let environment: String?
    let help: String
    let apply: @Sendable (inout ServiceConfiguration, String) -> String?
  }

  static let options: [Option] = [
    Option(flag: "--host", environment: "HOST", help: "address to listen on (default 0.0.0.0)") {
      c, v in
      c.host = v
      return v.isEmpty ? "must not be empty" : nil
    },
    Option(flag: "--port", environment: "PORT", help: "TCP port (default 8080; 0 picks a free one)")
    { c, v in
      integer(v, 0...65535) { c.port = $0 }
    },
    Option(
      flag: "--workers", environment: "WORKERS",
      help: "request-handling queues (default: twice the number of CPUs)"
    ) { c, v in
      integer(v, 1...256) { c.workers = $0 }
    },
    Option(
      flag: "--log-level", environment: "LOG_LEVEL",
      help: "debug, info, warning or error (default info)"
    ) { c, v in
      guard let level = LogLevel(rawValue: v.lowercased()) else {
        return "must be debug, info, warning or error"
      }
      c.logLevel = level
      return nil
    },
    Option(
      flag: "--cors-origins", environment: "CORS_ORIGINS",
      help: "comma-separated origins allowed from browsers, or * (default *)"
    ) { c, v in
      let origins = v.split(separator: ",").map { $0.trimmingCharacters(in: " ") }.filter {
        !$0.isEmpty
      }
      guard !origins.isEmpty else { return "must list at least one origin, or *" }
      c.api.corsOrigins = origins
      return nil
    },
    Option(
      flag: "--max-body-bytes", environment: "MAX_BODY_BYTES",
      help: "largest request body (default 1048576)"
    ) { c, v in
      integer(v, 0...(256 << 20)) { c.limits.maxBodyBytes = $0 }
    },
    Option(
      flag: "--max-connections", environment: "MAX_CONNECTIONS",
      help: "open connections before 503 (default 1024)"
    ) { c, v in
      integer(v, 1...1_000_000) { c.limits.maxConnections = $0 }
    },
    Option(
      flag: "--max-request-line-bytes", environment: "MAX_REQUEST_LINE_BYTES",
      help: "longest request line (default 8192)"
    ) { c, v in
      integer(v, 64...(1 << 20)) { c.limits.maxRequestLineBytes = $0 }
    },
    Option(
      flag: "--max-header-bytes", environment: "MAX_HEADER_BYTES",
      help: "largest header section (default 16384)"
    ) { c, v in
      integer(v, 256...(1 << 20)) { c.limits.maxHeaderBytes = $0 }
    },
    Option(
      flag: "--max-header-count", environment: "MAX_HEADER_COUNT",
      help: "most header fields (default 100)"
    ) { c, v in
      integer(v, 1...10_000) { c.limits.maxHeaderCount = $0 }
    },
    Option(
      flag: "--header-timeout", environment: "HEADER_TIMEOUT",
      help: "seconds to receive a header section (default 10)"
    ) { c, v in
      seconds(v) { c.limits.headerTimeout = $0 }
    },
    Option(
      flag: "--body-timeout", environment: "BODY_TIMEOUT",
      help: "seconds to receive a body (default 30)"
    ) { c, v in
      seconds(v) { c.limits.bodyTimeout = $0 }
    },
    Option(
      flag: "--idle-timeout", environment: "IDLE_TIMEOUT",
      help: "seconds a kept-alive connection may idle (default 60)"
    ) { c, v in
      seconds(v) { c.limits.idleTimeout = $0 }
    },
    Option(
      flag: "--write-timeout", environment: "WRITE_TIMEOUT",
      help: "seconds to write a response out (default 30)"
    ) { c, v in
      seconds(v) { c.limits.writeTimeout = $0 }
    },
    Option(
      flag: "--drain-timeout", environment: "DRAIN_TIMEOUT",
      help: "seconds to finish in-flight requests on SIGTERM (default 10)"
    ) {
      c, v in seconds(v) { c.drainTimeout = $0 }
    },
    Option(
      flag: "--max-points", environment: "MAX_POINTS",
      help: "most points one request may evaluate (default 10000)"
    ) { c, v in
      integer(v, 1...10_000_000) { c.api.maxPointsPerRequest = $0 }
    },
    Option(
      flag: "--max-timeline-values", environment: "MAX_TIMELINE_VALUES",
      help: "most numbers one timeline may produce (default 5000000)"
    ) { c, v in
      integer(v, 1...100_000_000) { c.api.maxTimelineValues = $0 }
    },
    Option(
      flag: "--max-heavy-requests", environment: "MAX_HEAVY_REQUESTS",
      help: "heavy requests (timelines, actions, presets) run at once (default: the CPUs)"
    ) { c, v in
      integer(v, 1...256) { c.limits.maxConcurrentHeavyRequests = $0 }
    },
    Option(
      flag: "--max-queued-heavy-requests", environment: "MAX_QUEUED_HEAVY_REQUESTS",
      help: "heavy requests waiting for a turn before 503 (default 64)"
    ) { c, v in
      integer(v, 0...100_000) { c.limits.maxQueuedHeavyRequests = $0 }
    },
    Option(
      flag: "--max-work-units", environment: "MAX_WORK_UNITS",
      help: "work budget of one request, in units of about 10 ns (default 60000000)"
    ) { c, v in
      integer(v, 1_000...1_000_000_000_000) { c.api.maxWorkUnits = $0 }
    },
    Option(
      flag: "--max-buffered-response-bytes", environment: "MAX_BUFFERED_RESPONSE_BYTES",
      help: "unsent response bytes across connections before 503 (default 268435456)"
    ) { c, v in
      integer(v, 1 << 16...(1 << 40)) { c.limits.maxBufferedResponseBytes = $0 }
    },
  ]

  private static func integer(_ text: String, _ range: ClosedRange<Int>, _ set: (Int) -> Void)
    -> String?
  {
    guard let value = Int(text), range.contains(value) else {
      return "must be a whole number from \(range.lowerBound) to \(range.upperBound)"
    }
    set(value)
    return nil
  }

  private static func seconds(_ text: String, _ set: (Double) -> Void) -> String? {
    guard let value = Double(text), value.isFinite, value > 0, value <= 86_400 else {
      return "must be a number of seconds in (0, 86400]"
    }
    set(value)
    return nil
  }

  public static var usage: String {
    var text = """
      animation-timing — Core Animation's timing and action model over HTTP/1.1

      Usage: animation-timing [options]

      Options (each also read from the environment variable shown):

      """
    for option in options {
      let flag = option.flag + " VALUE"
      text += "  " + flag + String(repeating: " ", count: max(1, 30 - flag.count)) + option.help
      if let environment = option.environment { text += " [\(environment)]" }
      text += "\n"
    }
    text +=
      "  --healthcheck" + String(repeating: " ", count: 17)
      + "exit 0 if the server on --port answers /healthz (for HEALTHCHECK)\n"
    text += "  --help" + String(repeating: " ", count: 24) + "print this help and exit\n"
    return text
  }

  /// Reads flags (`--port 8080` or `--port=8080`) over environment variables.
  public static func parse(arguments: [String], environment: [String: String], processors: Int)
    -> Outcome
  {
    var configuration = ServiceConfiguration()
    // Twice the cores: a request spends part of its time waiting for Dispatch to wake its queue,
    // and with 2 queues per core the small-request rate measured ~20 % higher than with 1.
    configuration.workers = max(2, 2 * processors)
    // One heavy request per core: more would only share the cores and hold more memory.
    configuration.limits.maxConcurrentHeavyRequests = max(1, processors)
    for option in options {
      if let name = option.environment, let value = environment[name] {
        if let problem = option.apply(&configuration, value) {
          return .invalid("\(name)=\(value): \(problem)")
        }
      }
    }
    var wantsHealthCheck = false
    var i = 0
    while i < arguments.count {
      let argument = arguments[i]
      if argument == "--help" || argument == "-h" { return .help(usage) }
      if argument == "--healthcheck" {
        wantsHealthCheck = true
        i += 1
        continue
      }
      var name = argument
      var value: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
      }
      guard let option = options.first(where: { $0.flag == name }) else {
        return .invalid("unknown option \(argument); see --help")
      }
      if value == nil {
        guard i + 1 < arguments.count else { return .invalid("\(name) needs a value") }
        i += 1
        value = arguments[i]
      }
      if let problem = option.apply(&configuration, value!) {
        return .invalid("\(name) \(value!): \(problem)")
      }
      i += 1
    }
    return wantsHealthCheck ? .healthCheck(configuration) : .run(configuration)
  }
}
