import HTTPTransport
import TimingEngine

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

  public init() { applyBatchLimits() }

  public enum Outcome {
    case run(ServiceConfiguration)
    case help(String)
    /// `--version`: the line to print.
    case version(String)
    /// `--healthcheck`: probe `/healthz` of a server on this configuration's port and exit.
    case healthCheck(ServiceConfiguration)
    case invalid(String)
  }

  /// Every option, each declared once: its flag, what its value sets and its help line.
  static let options: [Option] = [
    Option("--host", .text(\.host), "address to listen on (default 0.0.0.0)"),
    Option("--port", .integer(\.port, 0...65535), "TCP port (default 8080; 0 picks a free one)"),
    Option(
      "--workers", .integer(\.workers, 1...256),
      "event loops reading and answering requests (default: twice the number of CPUs)"),
    Option("--log-level", .logLevel, "debug, info, warning or error (default info)"),
    Option(
      "--cors-origins", .origins,
      "comma-separated scheme://host[:port] origins allowed from browsers, or * (default *)"),
    Option(
      "--max-body-bytes", .integer(\.limits.maxBodyBytes, 0...(256 << 20)),
      "largest request body (default 1048576)"),
    Option(
      "--max-batch-bytes", .integer(\.api.maxBatchBytes, 0...(1 << 30)),
      "largest POST /v1/batch body (default 16777216)"),
    Option(
      "--max-lottie-bytes", .integer(\.api.maxLottieBytes, 0...(1 << 30)),
      "largest POST /v1/lottie/* body (default 8388608)"),
    Option(
      "--max-connections", .integer(\.limits.maxConnections, 1...1_000_000),
      "open connections before 503 (default 1024)"),
    Option(
      "--max-request-line-bytes", .integer(\.limits.maxRequestLineBytes, 64...(1 << 20)),
      "longest request line (default 8192)"),
    Option(
      "--max-header-bytes", .integer(\.limits.maxHeaderBytes, 256...(1 << 20)),
      "largest header section (default 16384)"),
    Option(
      "--max-header-count", .integer(\.limits.maxHeaderCount, 1...10_000),
      "most header fields (default 100)"),
    Option(
      "--header-timeout", .seconds(\.limits.headerTimeout),
      "seconds to receive a header section (default 10)"),
    Option(
      "--body-timeout", .seconds(\.limits.bodyTimeout), "seconds to receive a body (default 30)"),
    Option(
      "--idle-timeout", .seconds(\.limits.idleTimeout),
      "seconds a kept-alive connection may idle (default 60)"),
    Option(
      "--write-timeout", .seconds(\.limits.writeTimeout),
      "seconds to write a response out (default 30)"),
    Option(
      "--drain-timeout", .seconds(\.drainTimeout),
      "seconds to finish in-flight requests on SIGTERM (default 10)"),
    Option(
      "--drain-grace", .secondsOrNone(\.limits.drainGrace),
      "seconds idle connections stay open on SIGTERM, answering with Connection: close (default 5;"
        + " above your proxy's upstream idle timeout, at most --drain-timeout - 1; 0 closes them at once)"
    ),
    Option(
      "--max-points", .integer(\.api.maxPointsPerRequest, 1...10_000_000),
      "most points one request may evaluate (default 10000)"),
    Option(
      "--max-samples", .integer(\.api.maxSamples, 1...10_000_000),
      "most sample times in one timeline, both ends counted (default 100000)"),
    Option(
      "--max-timeline-values", .integer(\.api.maxTimelineValues, 1...100_000_000),
      "most numbers one timeline may produce (default 5000000)"),
    Option(
      "--max-heavy-requests", .integer(\.limits.maxConcurrentHeavyRequests, 1...256),
      "heavy requests (timelines, actions, presets) run at once (default: the CPUs)"),
    Option(
      "--max-queued-heavy-requests", .integer(\.limits.maxQueuedHeavyRequests, 0...100_000),
      "heavy requests waiting for a turn before 503 (default 64)"),
    Option(
      "--max-work-units", .integer(\.api.maxWorkUnits, 1_000...1_000_000_000_000),
      "work budget of one request, in units of about 10 ns (default 60000000)"),
    Option(
      "--max-buffered-response-bytes",
      .integer(\.limits.maxBufferedResponseBytes, 1 << 16...(1 << 40)),
      "unsent response bytes across connections before 503 (default 268435456)"),
  ]

  public static var usage: String {
    var text = """
      animation-timing — Core Animation's timing and action model over HTTP/1.1

      Usage: animation-timing [options]

      Options (each also read from the environment variable shown):

      """
    for option in options {
      let flag = option.flag + " VALUE"
      text += "  " + flag + String(repeating: " ", count: max(1, 30 - flag.count)) + option.help
      text += " [\(option.environment)]"
      text += "\n"
    }
    text +=
      "  --healthcheck" + String(repeating: " ", count: 17)
      + "exit 0 if the server on --port answers /healthz (for HEALTHCHECK)\n"
    text += "  --version" + String(repeating: " ", count: 21) + "print the version and exit\n"
    text += "  --help" + String(repeating: " ", count: 24) + "print this help and exit\n"
    return text
  }

  /// Reads flags (`--port 8080` or `--port=8080`) over environment variables.
  public static func parse(arguments: [String], environment: [String: String], processors: Int)
    -> Outcome
  {
    var configuration = ServiceConfiguration()
    // Twice the cores: light requests run on the loop that read them, and a bulk evaluation
    // (up to 10 000 points, ~1 ms) holds its loop; with a second loop per core the other
    // connections on that core keep being served meanwhile. On small GETs 1 and 2 loops per
    // core measured the same within this machine's noise (0.69–0.93× Go either way, 6
    // alternating runs).
    configuration.workers = max(2, 2 * processors)
    // One heavy request per core: more would only share the cores and hold more memory.
    configuration.limits.maxConcurrentHeavyRequests = max(1, processors)
    for option in options {
      if let value = environment[option.environment] {
        if let problem = option.apply(value, to: &configuration) {
          return .invalid("\(option.environment)=\(value): \(problem)")
        }
      }
    }
    var wantsHealthCheck = false
    var i = 0
    while i < arguments.count {
      let argument = arguments[i]
      if argument == "--help" || argument == "-h" { return .help(usage) }
      if argument == "--version" { return .version("animation-timing \(ServiceVersion.current)\n") }
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
      if let problem = option.apply(value!, to: &configuration) {
        return .invalid("\(name) \(value!): \(problem)")
      }
      i += 1
    }
    // docs/operations.md "Draining behind a proxy": proxy's upstream idle timeout < grace, and
    // grace + 1 s ≤ drain timeout: a request that arrives as the grace ends is still answered
    // (the slowest answer the work budget admits takes 0.8 s, docs/performance.md "Work budget").
    let grace = configuration.limits.drainGrace
    guard grace == 0 || grace + Self.answerAfterGrace <= configuration.drainTimeout else {
      return .invalid(
        "--drain-grace \(numberText(grace)) must end a second before --drain-timeout "
          + "\(numberText(configuration.drainTimeout)), so that a request arriving as it ends is "
          + "answered: at most \(numberText(max(0, configuration.drainTimeout - Self.answerAfterGrace)))"
      )
    }
    configuration.applyBatchLimits()
    return wantsHealthCheck ? .healthCheck(configuration) : .run(configuration)
  }

  /// The batch route's limits, from the options that set them: its body limit in the
  /// transport, and its time from the drain (`APIConfiguration.batchSeconds`); and the Lottie
  /// routes' body limit.
  public mutating func applyBatchLimits() {
    limits.largerBodies[BatchRoutes.path] = api.maxBatchBytes
    limits.largerBodies[LottieRoutes.timelinePath] = api.maxLottieBytes
    limits.largerBodies[LottieRoutes.lintPath] = api.maxLottieBytes
    limits.largerBodies[LottieRoutes.exportPath] = api.maxLottieBytes
    // Two documents.
    limits.largerBodies[DiffRoutes.path] = WorkBudget.multiplying(api.maxLottieBytes, 2)
    api.maxLineBodyBytes = limits.maxBodyBytes
    api.batchSeconds = max(1, drainTimeout - Self.answerAfterGrace)
    api.drainingBatchSeconds = max(
      1, drainTimeout - limits.drainGrace - 2 * Self.answerAfterGrace)
  }

  /// The time the drain leaves after its grace for a request that arrived as the grace ended.
  static let answerAfterGrace = 1.0
}
