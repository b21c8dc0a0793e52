import Dispatch

/// Seconds on a monotonic clock, for request durations.
enum MonotonicClock {
  static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
