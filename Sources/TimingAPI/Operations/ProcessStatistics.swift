import HTTPTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What the kernel says about this process, read from /proc at scrape time for the standard
/// `process_*` metrics (the names Prometheus' own client libraries use, so dashboards made for
/// them work unchanged). Nil fields where /proc is not there (not Linux) or cannot be read.
struct ProcessStatistics {
  var residentBytes: Int?
  var virtualBytes: Int?
  var openDescriptors: Int?
  var cpuSeconds: Double?
  /// Seconds since the Unix epoch.
  var startTime: Double?

  static func current() -> ProcessStatistics {
    var statistics = ProcessStatistics()
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    // /proc/self/statm: "size resident shared text lib data dt", in pages.
    if let statm = Self.file("/proc/self/statm") {
      let fields = statm.split(separator: " ")
      if fields.count >= 2, let size = Int(fields[0]), let resident = Int(fields[1]) {
        statistics.virtualBytes = size * page
        statistics.residentBytes = resident * page
      }
    }
    // /proc/self/stat: fields 14 and 15 are user and system time, 22 the start time, all in
    // clock ticks (the last since boot). The second field, the command, is in parentheses and
    // may hold spaces, so counting starts after its closing one, at field 3.
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    if let stat = Self.file("/proc/self/stat"), let close = stat.lastIndex(of: ")"), ticks > 0 {
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      if fields.count > 19, let user = Double(fields[14 - 3]), let system = Double(fields[15 - 3]),
        let started = Double(fields[22 - 3])
      {
        statistics.cpuSeconds = (user + system) / ticks
        if let boot = Self.bootTime { statistics.startTime = boot + started / ticks }
      }
    }
    statistics.openDescriptors = Self.countDescriptors()
    return statistics
  }

  /// The machine's boot time, seconds since the epoch: `btime` in /proc/stat. Read once, since
  /// it does not change while the process runs.
  private static let bootTime: Double? = {
    guard let stat = file("/proc/stat") else { return nil }
    for line in stat.split(separator: "\n") where line.hasPrefix("btime ") {
      return Double(line.dropFirst("btime ".count))
    }
    return nil
  }()

  /// Entries of /proc/self/fd, less the descriptor that reading the directory itself holds.
  private static func countDescriptors() -> Int? {
    guard let directory = opendir("/proc/self/fd") else { return nil }
    defer { closedir(directory) }
    var entries = 0
    while let entry = readdir(directory) {
      let isDot = withUnsafeBytes(of: entry.pointee.d_name) { name in
        name[0] == UInt8(ascii: ".")
      }
      if !isDot { entries += 1 }
    }
    return max(entries - 1, 0)
  }

  /// A small /proc file whole (they are at most a few KB: /proc/stat grows with the CPU count).
  private static func file(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard n > 0 else { break }
      bytes += chunk[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: "\n")
  }
}
