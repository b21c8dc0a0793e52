import Dispatch

/// A monotonic clock, for request durations.
enum MonotonicClock {
  /// Seconds.
  static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

  /// Nanoseconds, for what is added up in integers (`Metrics` keeps sums in atomic counters).
  static func nanoseconds() -> Int { Int(truncatingIfNeeded: DispatchTime.now().uptimeNanoseconds) }
}
