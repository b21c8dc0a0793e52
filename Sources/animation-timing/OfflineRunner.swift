import TimingAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The I/O of `animation-timing sample|curve|spring|presets|tokens|batch|fit` (`OfflineCommand` holds the
/// logic): read the scene, run the command in process, write the answer or the problem, exit 0
/// or 2. The one file it writes is `-o`'s: without it the answer goes to standard output.
enum OfflineRunner {
  static func run(_ arguments: [String]) -> Never {
    let command: OfflineCommand
    switch OfflineCommand.parse(arguments) {
    case .help(let text):
      writeAll(1, Array(text.utf8))
      exit(0)
    case .invalid(let problem):
      writeProblem(problem)
      exit(2)
    case .run(let parsed):
      command = parsed
    }
    var body: [UInt8] = []
    if let input = command.input {
      guard let bytes = readAll(input) else {
        let reason = String(cString: strerror(errno))
        let argument = OfflineCommand.positionalArgument(command.subcommand).name
        writeProblem(OfflineCommand.problem(parameter: argument, "cannot read \(input): \(reason)"))
        exit(2)
      }
      body = bytes
    }
    if let second = command.secondInput {
      guard let bytes = readAll(second) else {
        let reason = String(cString: strerror(errno))
        writeProblem(OfflineCommand.problem(parameter: "B", "cannot read \(second): \(reason)"))
        exit(2)
      }
      body = OfflineCommand.diffBody(body, bytes)
    }
    let outcome = command.run(
      body: body, in: TimingService(configuration: OfflineCommand.configuration))
    guard outcome.answered else {
      writeProblem(outcome.bytes)
      exit(2)
    }
    if let output = command.output {
      let fd = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      guard fd >= 0, writeAll(fd, outcome.bytes), close(fd) == 0 else {
        let reason = String(cString: strerror(errno))
        writeProblem(OfflineCommand.problem(parameter: "-o", "cannot write \(output): \(reason)"))
        exit(2)
      }
    } else {
      guard writeAll(1, outcome.bytes) else { exit(2) }
    }
    exit(outcome.status)
  }

  /// A file's bytes, or standard input's for `-`; nil when it cannot be read.
  private static func readAll(_ path: String) -> [UInt8]? {
    let fd = path == "-" ? 0 : open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { if fd != 0 { close(fd) } }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if n == 0 { return bytes }
      bytes += chunk[0..<n]
    }
  }

  /// A problem on standard error, ending with a line break like every JSON answer of the API.
  private static func writeProblem(_ bytes: [UInt8]) {
    writeAll(2, bytes.last == UInt8(ascii: "\n") ? bytes : bytes + [UInt8(ascii: "\n")])
  }

  /// All of `bytes` to `fd`; false on an error.
  @discardableResult
  private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += n
    }
    return true
  }
}
