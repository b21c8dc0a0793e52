import Synchronization

/// A fixed number of integer counters in one allocation, each updated with a relaxed atomic
/// add: what `Metrics` records into on every request's path, so that recording takes no lock
/// and allocates nothing. `Atomic` is not copyable and so cannot sit in an `Array`; a raw
/// buffer of them, allocated once and never resized, can.
final class AtomicCounters: Sendable {
  let count: Int
  // Written only through `Atomic`'s own operations; the pointer itself never changes.
  nonisolated(unsafe) private let storage: UnsafeMutablePointer<Atomic<Int>>

  init(count: Int) {
    self.count = count
    storage = .allocate(capacity: count)
    for i in 0..<count { (storage + i).initialize(to: Atomic(0)) }
  }

  deinit {
    storage.deinitialize(count: count)
    storage.deallocate()
  }

  /// Adds `value` to counter `index`; an index out of range is ignored rather than trapping,
  /// since a miscount is better than a crash on the request path.
  @inline(__always)
  func add(_ value: Int, at index: Int) {
    guard index >= 0, index < count else { return }
    storage[index].wrappingAdd(value, ordering: .relaxed)
  }

  func load(_ index: Int) -> Int {
    guard index >= 0, index < count else { return 0 }
    return storage[index].load(ordering: .relaxed)
  }
}
