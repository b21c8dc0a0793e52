/// The local times of each shared timing (`SharedTimings`) over one request's times, and the
/// progress its timing function gives there: worked out by the first step with that timing,
/// chunk by chunk, and read by the others (`Column.apply`).
///
/// A slot holds, per time, the sample index, the local time and the progress (8 + 40 + 8
/// bytes), and per chunk two marks (9 bytes); the slots kept are the most used whose times fit
/// in `memoryCap`, so a request with many times shares fewer timings rather than holding more
/// memory — none past 74 898 times — (the standard scene's 22 slots × 600 times take 0.7 MiB).
final class SharedTimingColumns {
  /// The bytes all slots may take together.
  static let memoryCap = 4 << 20

  let slots: [[Int]]
  private let slotCount: Int
  private let length: Int
  private let chunk: Int
  private let chunkCount: Int
  private let shown: UnsafeMutablePointer<Int>
  private let localTimes: UnsafeMutablePointer<LocalTime>
  private let progress: UnsafeMutablePointer<Double>
  /// Per slot and chunk: the number of shown samples once worked out, else −1.
  private let counts: UnsafeMutablePointer<Int>
  /// Per slot and chunk: whether `progress` holds the timing function's values.
  private let progressReady: UnsafeMutablePointer<Bool>

  /// A slot's bytes per time: the sample index, the local time and the progress.
  static let bytesPerTime =
    MemoryLayout<Int>.stride + MemoryLayout<LocalTime>.stride + MemoryLayout<Double>.stride

  /// A slot's bytes per chunk: the count of shown samples and whether the progress is there.
  static let bytesPerChunk = MemoryLayout<Int>.stride + MemoryLayout<Bool>.stride

  /// The slots kept for `times` times: the most used that fit in `memoryCap`. (`times` counts
  /// an array's elements, so `times × 56` does not overflow.)
  static func keptSlots(_ sharing: SharedTimings, times: Int) -> Int {
    min(sharing.slotCount, memoryCap / max(1, times * bytesPerTime))
  }

  /// The most that the slots kept for any `n` ≤ `times` times take (a streamed answer's blocks
  /// are sampled with `n` = all its times or with `n` = a block's): `memoryCap` for their times,
  /// and each shared timing's marks for the chunks of at most 74 898 times (past that no slot
  /// is kept), 74 chunks.
  static func maxBytes(_ sharing: SharedTimings, times: Int) -> Int {
    let chunk = TimelinePlan.columnChunk
    let chunks = min((times + chunk - 1) / chunk, memoryCap / bytesPerTime / chunk + 1)
    let (data, overflow) = sharing.slotCount.multipliedReportingOverflow(by: times * bytesPerTime)
    return min(memoryCap, overflow ? .max : data) + sharing.slotCount * max(1, chunks)
      * bytesPerChunk
  }

  init(_ sharing: SharedTimings, times: Int, chunk: Int) {
    slotCount = Self.keptSlots(sharing, times: times)
    let kept = slotCount
    slots =
      kept == sharing.slotCount
      ? sharing.slots : sharing.slots.map { $0.map { $0 < kept ? $0 : SharedTimings.unshared } }
    length = times
    self.chunk = max(chunk, 1)
    chunkCount = (times + self.chunk - 1) / self.chunk
    shown = .allocate(capacity: slotCount * times)
    localTimes = .allocate(capacity: slotCount * times)
    progress = .allocate(capacity: slotCount * times)
    counts = .allocate(capacity: slotCount * chunkCount)
    counts.initialize(repeating: -1, count: slotCount * chunkCount)
    progressReady = .allocate(capacity: slotCount * chunkCount)
    progressReady.initialize(repeating: false, count: slotCount * chunkCount)
  }

  /// Slot chunks whose local times have been worked out (for tests: whether blocks shared).
  var filledChunks: Int { (0..<slotCount * chunkCount).filter { counts[$0] >= 0 }.count }

  deinit {
    shown.deallocate()
    localTimes.deallocate()
    progress.deallocate()
    counts.deallocate()
    progressReady.deallocate()
  }

  /// Where step `step` of track `track` keeps its chunk starting at time index `start`, if its
  /// timing is shared.
  func column(track: Int, step: Int, start: Int) -> SharedColumn? {
    let slot = slots[track][step]
    guard slot != SharedTimings.unshared else { return nil }
    // A start off the chunks would read an entry worked out for other times.
    assert(start % chunk == 0 && start < length, "a shared column starts on a chunk")
    let offset = slot * length + start
    let entry = slot * chunkCount + start / chunk
    return SharedColumn(
      shown: shown + offset, localTimes: localTimes + offset, progress: progress + offset,
      count: counts + entry, progressReady: progressReady + entry)
  }
}

/// One shared timing's place for one chunk (`SharedTimingColumns.column`).
struct SharedColumn {
  let shown: UnsafeMutablePointer<Int>
  let localTimes: UnsafeMutablePointer<LocalTime>
  let progress: UnsafeMutablePointer<Double>
  /// The shown samples, once worked out; −1 before.
  let count: UnsafeMutablePointer<Int>
  let progressReady: UnsafeMutablePointer<Bool>
}
