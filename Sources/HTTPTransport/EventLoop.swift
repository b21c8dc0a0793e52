import CEpoll
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One thread with its own epoll set, owning the connections handed to it: it reads, parses,
/// runs light requests and writes on that thread, with no hop to another (docs/design.md "The
/// server"). Each socket is registered once, edge-triggered for both directions, so a request
/// costs no `epoll_ctl`: the loop remembers whether the kernel may hold input and whether the
/// socket took all it was given, the way Go's netpoller does.
///
/// Other threads reach a loop only through `execute` (heavy-work answers, accepted sockets,
/// drain and eviction), which queues the job and wakes the loop through an eventfd.
final class EventLoop: @unchecked Sendable {
  typealias Job = @Sendable () -> Void

  let index: Int
  private let epollFD: Int32
  private let wakeFD: Int32
  /// Jobs from other threads, and whether the loop has been woken for them already.
  private let mailbox = Mutex<[Job]>([])
  private let woken = Atomic<Bool>(false)
  private let stopped = Atomic<Bool>(false)
  /// The sweep's period: deadlines fire at most this late.
  private let sweepPeriod: UInt64

  // Touched only on the loop's thread.
  private var connections: [Int: Connection] = [:]
  /// Work for a later turn of this loop (pipelined requests), run after the current events.
  private var deferred: [() -> Void] = []
  private var nextSweep: UInt64 = 0
  private var dateSecond = -1
  private var dateText = ""
  /// This loop's shard of the server's response counters.
  private let statusCounts: StatusCounts

  private static let wakeToken = UInt64.max

  init(index: Int, sweepPeriod: Double, statistics: ServerStatistics) throws {
    self.index = index
    statusCounts = statistics.responseShards[index % statistics.responseShards.count]
    self.sweepPeriod = Clock.nanoseconds(sweepPeriod)
    epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
    guard epollFD >= 0 else { throw Socket.Failure(call: "epoll_create1", code: errno) }
    wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
    guard wakeFD >= 0 else {
      let error = errno
      Glibc.close(epollFD)
      throw Socket.Failure(call: "eventfd", code: error)
    }
    var event = epoll_event()
    event.events = EPOLLIN.rawValue
    event.data.u64 = Self.wakeToken
    _ = epoll_ctl(epollFD, EPOLL_CTL_ADD, wakeFD, &event)
  }

  /// Starts the loop's thread.
  func start() {
    let context = Unmanaged.passRetained(self).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { context in
        let loop = Unmanaged<EventLoop>.fromOpaque(context!).takeRetainedValue()
        loop.run()
        return nil
      }, context)
    precondition(created == 0, "could not start an event loop thread (error \(created))")
    pthread_detach(thread)
  }

  /// Runs `job` on the loop's thread, soon. Callable from any thread.
  func execute(_ job: @escaping Job) {
    mailbox.withLock { $0.append(job) }
    if !woken.exchange(true, ordering: .sequentiallyConsistent) {
      var one: UInt64 = 1
      _ = Glibc.write(wakeFD, &one, 8)
    }
  }

  /// Ends the loop after the jobs queued so far; its connections must be closed already.
  func stop() {
    execute { [self] in stopped.store(true, ordering: .relaxed) }
  }

  // MARK: On the loop's thread

  /// Registers an accepted socket; it is polled from now on.
  func register(_ connection: Connection) -> Bool {
    var event = epoll_event()
    event.events =
      EPOLLIN.rawValue | EPOLLOUT.rawValue | EPOLLRDHUP.rawValue | EPOLLET.rawValue
    event.data.u64 = UInt64(connection.id)
    guard epoll_ctl(epollFD, EPOLL_CTL_ADD, connection.fd, &event) == 0 else { return false }
    connections[connection.id] = connection
    return true
  }

  /// Forgets a connection whose socket is about to close (closing removes it from the epoll
  /// set; events already fetched for it find nothing under its id).
  func unregister(_ connection: Connection) {
    connections.removeValue(forKey: connection.id)
  }

  /// Runs `job` after the events being handled, on a later turn.
  func later(_ job: @escaping () -> Void) { deferred.append(job) }

  func countResponse(status: Int) { statusCounts.count(status) }

  /// The `Date` header's value, formatted once a second by each loop rather than behind one
  /// lock shared by all of them.
  var httpDate: String {
    let second = Int(time(nil))
    if second != dateSecond {
      dateSecond = second
      dateText = HTTPDate.format(second)
    }
    return dateText
  }

  private func run() {
    let capacity = 256
    let events = UnsafeMutablePointer<epoll_event>.allocate(capacity: capacity)
    defer {
      events.deallocate()
      Glibc.close(epollFD)
      Glibc.close(wakeFD)
    }
    nextSweep = Clock.now() + sweepPeriod
    while !stopped.load(ordering: .relaxed) {
      let timeout: Int32
      if !deferred.isEmpty {
        timeout = 0
      } else {
        let now = Clock.now()
        timeout = now >= nextSweep ? 0 : Int32(min((nextSweep - now) / 1_000_000 + 1, 1000))
      }
      let count = epoll_wait(epollFD, events, Int32(capacity), timeout)
      if count < 0 && errno != EINTR { fatalError("epoll_wait failed: errno \(errno)") }
      for i in 0..<max(0, Int(count)) {
        let event = events[i]
        if event.data.u64 == Self.wakeToken {
          runMailbox()
        } else if let connection = connections[Int(truncatingIfNeeded: event.data.u64)] {
          connection.handle(events: event.events)
        }
      }
      if !deferred.isEmpty {
        let jobs = deferred
        deferred.removeAll(keepingCapacity: true)
        for job in jobs { job() }
      }
      let now = Clock.now()
      if now >= nextSweep {
        nextSweep = now + sweepPeriod
        sweep(now: now)
      }
    }
  }

  private func runMailbox() {
    var drained: UInt64 = 0
    _ = Glibc.read(wakeFD, &drained, 8)
    // Cleared before the jobs are taken: a job queued after this point wakes the loop again.
    woken.store(false, ordering: .sequentiallyConsistent)
    let jobs = mailbox.withLock { jobs in
      defer { jobs.removeAll(keepingCapacity: true) }
      return jobs
    }
    for job in jobs { job() }
  }

  private func sweep(now: UInt64) {
    for connection in connections.values {
      let due = connection.deadline
      if due != 0 && due <= now { connection.deadlinePassed(now: now) }
    }
  }
}
