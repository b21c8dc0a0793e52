import Dispatch

/// Uptime in nanoseconds (CLOCK_MONOTONIC, as Dispatch's own deadlines).
enum Clock {
  static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// Seconds as nanoseconds, total: NaN and negatives are 0, anything past ~31 years is clamped
  /// (the configuration allows at most a day; this is the proof it cannot trap).
  static func nanoseconds(_ seconds: Double) -> UInt64 {
    guard seconds > 0 else { return 0 }
    return UInt64(min(seconds, 1e9) * 1e9)
  }
}
