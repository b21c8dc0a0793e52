import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `Date` header's value (IMF-fixdate), formatted at most once a second.
final class HTTPDate: Sendable {
  static let shared = HTTPDate()
  private let cache = Mutex<(second: Int, text: String)>((-1, ""))

  var now: String {
    let second = Int(time(nil))
    return cache.withLock { cached in
      if cached.second != second { cached = (second, Self.format(second)) }
      return cached.text
    }
  }

  static func format(_ seconds: Int) -> String {
    var t = time_t(seconds)
    var parts = tm()
    gmtime_r(&t, &parts)
    let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
      + "\(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
  }
}
