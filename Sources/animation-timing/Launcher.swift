import Dispatch
import HTTPTransport
import Synchronization
import TimingAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Configuration, logging, signals, start and stop; everything else lives in the libraries.
/// (Not in main.swift, whose top-level code is main-actor isolated: the signal handlers run on
/// a Dispatch queue.)
enum Launcher {
  static func run() -> Never {
    // `sample`, `curve`, `spring`, `presets` and `tokens` answer one request without a server.
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let first = arguments.first, OfflineCommand.isSubcommand(first) {
      OfflineRunner.run(arguments)
    }

    var environment: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let pair = String(cString: pointer)
      if let equals = pair.firstIndex(of: "=") {
        environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
      }
      entry += 1
    }

    let configuration: ServiceConfiguration
    switch ServiceConfiguration.parse(
      arguments: Array(CommandLine.arguments.dropFirst()), environment: environment,
      processors: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    {
    case .help(let text):
      print(text + "\n" + OfflineCommand.usage, terminator: "")
      exit(0)
    case .version(let text):
      print(text, terminator: "")
      exit(0)
    case .invalid(let message):
      let line = Array("animation-timing: \(message)\n".utf8)
      _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
      exit(2)
    case .healthCheck(let parsed):
      exit(
        HealthProbe.status(port: parsed.port == 0 ? 8080 : parsed.port, path: "/healthz") == 200
          ? 0 : 1)
    case .run(let parsed):
      configuration = parsed
    }

    FreedMemory.configure()
    let logger = JSONLogger(minimumLevel: configuration.logLevel)
    let ready = Atomic<Bool>(false)
    // Created before server and service: the server counts connections into `statistics`, the
    // service counts requests into `metrics`, and `/metrics` reads both.
    let statistics = ServerStatistics()
    let metrics = Metrics(server: statistics)

    // One line per request only when debugging: at info level the fields are never built.
    var accessLog: JSONLogger.Sink?
    if configuration.logLevel == .debug {
      accessLog = { level, message, fields in logger.log(level, message, fields: fields) }
    }

    let service = TimingService(
      configuration: configuration.api, metrics: metrics,
      readiness: { ready.load(ordering: .relaxed) },
      accessLog: accessLog)

    let server = HTTPServer(
      host: configuration.host, port: configuration.port, limits: configuration.limits,
      workers: configuration.workers, statistics: statistics,
      events: { event in logger.log(event) },
      errorResponder: TimingService.transportError,
      classify: { request in service.placement(of: request) },
      handler: { request, placement in service.handle(request, placement: placement) })

    do {
      try server.start()
    } catch {
      logger.log(.error, "could not start", ["error": "\(error)"])
      exit(1)
    }
    ready.store(true, ordering: .relaxed)

    // PID 1 in a container gets no default signal handling: SIGTERM and SIGINT are handled here.
    signal(SIGTERM, SIG_IGN)
    signal(SIGINT, SIG_IGN)
    let signalQueue = DispatchQueue(label: "animation-timing.signals")
    var signalSources: [DispatchSourceSignal] = []
    for number in [SIGTERM, SIGINT] {
      let source = DispatchSource.makeSignalSource(signal: number, queue: signalQueue)
      source.setEventHandler {
        guard ready.exchange(false, ordering: .relaxed) else { return }
        logger.log(.info, "shutting down", ["signal": number == SIGTERM ? "SIGTERM" : "SIGINT"])
        server.shutdown(drainTimeout: configuration.drainTimeout) {
          logger.log(.info, "stopped")
          exit(0)
        }
      }
      source.resume()
      signalSources.append(source)
    }
    dispatchMain()
  }
}
