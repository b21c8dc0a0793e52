import Dispatch
import Synchronization

/// Runs heavy requests on a fixed number of serial queues, in arrival order. Pieces of responses
/// already being streamed go ahead of new requests: finishing an answer frees its memory, starting
/// one takes more, so under a burst memory stays near `width` answers in progress.
final class HeavyWorkPool: Sendable {
  typealias Job = @Sendable () -> Void

  private struct State {
    var idleQueues: [Int]
    var continuations = FIFO<Job>()
    var requests = FIFO<Job>()
    /// Changes whenever work starts or the pool goes idle, so that a delayed idle callback can
    /// tell whether anything happened since it was scheduled.
    var generation = 0
  }

  private let queues: [DispatchQueue]
  private let state: Mutex<State>
  private let maxQueued: Int
  private let idleDelay: Double
  /// Where the requests waiting for a queue are counted, for metrics.
  private let statistics: ServerStatistics
  /// Called on a pool queue once the pool has been idle for `idleDelay` seconds.
  private let onIdle: @Sendable () -> Void

  init(
    width: Int, maxQueued: Int, idleDelay: Double, statistics: ServerStatistics,
    onIdle: @escaping @Sendable () -> Void
  ) {
    let width = max(1, width)
    queues = (0..<width).map {
      DispatchQueue(label: "animation-timing.heavy.\($0)", qos: .utility)
    }
    state = Mutex(State(idleQueues: Array((0..<width).reversed())))
    self.maxQueued = maxQueued
    self.idleDelay = idleDelay
    self.statistics = statistics
    self.onIdle = onIdle
  }

  /// A new heavy request. False when `maxQueued` already wait: the caller answers 503.
  func submit(_ job: @escaping Job) -> Bool {
    enum Placement { case run(Int), queued, refused }
    let placement: Placement = state.withLock { s in
      s.generation += 1
      if let free = s.idleQueues.popLast() { return .run(free) }
      guard s.requests.count < maxQueued else { return .refused }
      s.requests.append(job)
      statistics.queuedHeavyRequests.add(1, ordering: .relaxed)
      return .queued
    }
    switch placement {
    case .run(let index): run(job, on: index)
    case .queued: break
    case .refused: return false
    }
    return true
  }

  /// The next piece of a response being streamed: never refused (its request was admitted).
  func submitContinuation(_ job: @escaping Job) {
    let queue: Int? = state.withLock { s in
      s.generation += 1
      if let free = s.idleQueues.popLast() { return free }
      s.continuations.append(job)
      return nil
    }
    if let queue { run(job, on: queue) }
  }

  /// The next piece of a stream, asked for by the job making the current one (on a pool queue,
  /// from that job): queued behind the continuations already waiting, so the same queue takes it
  /// up when its current job returns — no other thread is woken, and streams sharing the pool
  /// still take turns piece by piece.
  func followUp(_ job: @escaping Job) {
    state.withLock { s in
      s.generation += 1
      s.continuations.append(job)
    }
  }

  private func run(_ job: @escaping Job, on index: Int) {
    queues[index].async { [self] in
      var next: Job? = job
      while let current = next {
        current()
        next = state.withLock { s in
          if let continuation = s.continuations.removeFirst() { return continuation }
          if let request = s.requests.removeFirst() {
            statistics.queuedHeavyRequests.subtract(1, ordering: .relaxed)
            return request
          }
          s.idleQueues.append(index)
          return nil
        }
      }
      let idle: Int? = state.withLock { s in
        guard s.idleQueues.count == queues.count else { return nil }
        s.generation += 1
        return s.generation
      }
      guard let idle else { return }
      queues[index].asyncAfter(deadline: .now() + idleDelay) { [self] in
        let stillIdle = state.withLock {
          $0.generation == idle && $0.idleQueues.count == queues.count
        }
        if stillIdle { onIdle() }
      }
    }
  }
}

/// A first-in first-out line on an array: amortised O(1) at both ends.
struct FIFO<Element> {
  private var items: [Element?] = []
  private var head = 0

  var count: Int { items.count - head }

  mutating func append(_ item: Element) { items.append(item) }

  mutating func removeFirst() -> Element? {
    guard head < items.count else { return nil }
    let item = items[head]
    items[head] = nil
    head += 1
    // Reclaim the consumed prefix once it is half the array.
    if head > 32 && head * 2 > items.count {
      items.removeFirst(head)
      head = 0
    }
    return item
  }
}
