/// Every decision a connection makes, as a value: events in (bytes arrived, head received,
/// request complete, response started and written, peer closed, deadline passed, drain,
/// eviction), actions out. `Connection` does the I/O and carries the actions out; this type
/// never touches a socket, so each rule is tested without one (ConnectionStateMachineTests).
///
/// Deadlines are timestamps (uptime nanoseconds), not timers: the event loop's periodic sweep
/// compares `deadline` with the clock. Setting one is a store, where reprogramming a Dispatch
/// timer three times a request cost ~9 % of a small request's time plus ~12 % on libdispatch's
/// manager thread (docs/performance.md).
struct ConnectionStateMachine {
  enum Phase: Equatable {
    /// Accepted, nothing received yet: the first byte must come within the header timeout.
    case awaitingFirstRequest
    /// Waiting for the next request after a complete response (keep-alive).
    case idle
    /// Inside a request's header section.
    case header
    /// Reading a request's body.
    case body
    /// A heavy request is running on the pool; its answer comes back to the connection.
    case handling
    /// A response is being written; no further request is parsed until it is out.
    case writing
    /// The write side is shut down; unread input is discarded so the kernel does not reset the
    /// connection before the client has read the last response.
    case lingering
    case closed
  }

  enum Action: Equatable {
    case none
    /// Ask the client for the body (`100 Continue`).
    case sendContinue
    /// Parse what is buffered: a pipelined request, or input read during a drain.
    case processInput
    /// Wait for more input (reading resumes if it was paused).
    case awaitInput
    /// The one way the server answers an error it detects itself (a malformed request, a
    /// request deadline): the framing of whatever follows cannot be trusted, so the connection
    /// writes the answer with `Connection: close` and then closes.
    case answerErrorAndClose(HTTPStatus, String)
    /// Shut the write side down and discard input until the peer closes or the linger ends.
    case lingeringClose
    /// Ask the kernel how much of what was written the client has taken, and report it with
    /// `writeProgressMeasured`.
    case measureWriteProgress
    case close
  }

  /// Seconds a lingering close waits for the peer to finish sending before closing anyway.
  static let lingerSeconds = 2.0

  let limits: ServerLimits
  private(set) var phase = Phase.awaitingFirstRequest
  /// When the current phase ends (uptime nanoseconds; 0: no deadline).
  private(set) var deadline: UInt64 = 0
  /// Since when the connection has held a slot without a request in progress (nothing received
  /// yet, idle, or in a header section); 0 otherwise. At the connection cap the server evicts the
  /// longest such connection to admit a new one, so silent sockets cannot deny service.
  private(set) var evictableSince: UInt64 = 0
  /// The response being written is the last one.
  private(set) var closesAfterResponse = false
  /// The client has shut down its side: it will send nothing more.
  private(set) var peerClosed = false
  /// The server is shutting down: answer what is held, then close.
  private(set) var draining = false
  /// When the drain grace ends (`drain`): a connection idle from then on closes.
  private var graceEnds: UInt64 = 0
  /// Bytes the client had taken at the last write-progress check.
  private var takenAtLastCheck = 0

  init(limits: ServerLimits, now: UInt64) {
    self.limits = limits
    enter(.awaitingFirstRequest, now: now)
  }

  private mutating func enter(_ next: Phase, now: UInt64) {
    phase = next
    let seconds: Double?
    switch next {
    case .awaitingFirstRequest, .header: seconds = limits.headerTimeout
    case .idle: seconds = limits.idleTimeout
    case .body: seconds = limits.bodyTimeout
    case .handling, .closed: seconds = nil
    case .writing: seconds = limits.writeTimeout
    case .lingering: seconds = Self.lingerSeconds
    }
    deadline = seconds.map { now + Clock.nanoseconds($0) } ?? 0
    switch next {
    case .awaitingFirstRequest, .idle:
      evictableSince = now
    case .header:
      break  // keeps the time it became evictable: a trickled header is as good as silence
    case .body, .handling, .writing, .lingering, .closed:
      evictableSince = 0
    }
  }

  /// Whether input is to be parsed in this phase (otherwise it waits in the buffer).
  var acceptsInput: Bool {
    switch phase {
    case .awaitingFirstRequest, .idle, .header, .body: true
    case .handling, .writing, .lingering, .closed: false
    }
  }

  // MARK: Reading

  /// Bytes of a new request are buffered while waiting for one.
  mutating func requestBegan(now: UInt64) {
    switch phase {
    case .awaitingFirstRequest, .idle: enter(.header, now: now)
    case .header, .body, .handling, .writing, .lingering, .closed: break
    }
  }

  /// The header section is complete and a body follows or not; `bodyBuffered` says whether
  /// any of the body has arrived with it (then no `100 Continue` is needed).
  mutating func headReceived(expectsContinue: Bool, bodyBuffered: Bool, now: UInt64) -> Action {
    enter(.body, now: now)
    return expectsContinue && !bodyBuffered ? .sendContinue : .none
  }

  /// A heavy request goes to the pool: no deadline while it runs (the work budget bounds it).
  mutating func handlingStarted(now: UInt64) { enter(.handling, now: now) }

  /// The request could not be parsed.
  mutating func parseFailed(_ error: RequestParseError) -> Action {
    .answerErrorAndClose(error.status, error.detail)
  }

  /// The parser needs more bytes than are buffered.
  func inputExhausted() -> Action {
    // The client will send nothing more: an unfinished request can never complete.
    if peerClosed { return .close }
    // Draining with no grace: nothing to answer, so nothing to wait for. With one, the drain's
    // deadline closes the connection if no request comes.
    if draining && limits.drainGrace == 0 && (phase == .idle || phase == .awaitingFirstRequest) {
      return .close
    }
    return .awaitInput
  }

  /// A read returned end of file.
  mutating func peerClosedInput() -> Action {
    peerClosed = true
    switch phase {
    case .lingering: return .close
    case .awaitingFirstRequest, .idle, .header, .body:
      return .processInput  // what is buffered may still be a complete request
    case .handling, .writing, .closed:
      return .none  // the answer is still written (a half-closed client can read it)
    }
  }

  // MARK: Writing

  /// Whether the connection stays open after a response, by RFC 9112 §9.3: HTTP/1.0 only with
  /// `Connection: keep-alive`, HTTP/1.1 unless either side says `close`; a close-delimited body
  /// can only end by closing.
  static func keepsAlive(
    version: HTTPVersion, requestConnection: [String], responseConnection: [String],
    closeDelimited: Bool
  ) -> Bool {
    if closeDelimited || responseConnection.contains("close") { return false }
    if version == .http10 { return requestConnection.contains("keep-alive") }
    return !requestConnection.contains("close")
  }

  /// A response is about to be written; `keepAlive` is what the exchange asks for
  /// (`keepsAlive`), `serverDraining` whether shutdown began while the handler ran. Returns
  /// whether the connection stays open after it.
  mutating func responseStarted(keepAlive: Bool, serverDraining: Bool, now: UInt64) -> Bool {
    let stays = keepAlive && !draining && !closesAfterResponse && !serverDraining
    closesAfterResponse = !stays
    enter(.writing, now: now)
    return stays
  }

  /// An error answer the server makes itself is about to be written; the connection closes
  /// after it.
  mutating func errorResponseStarted(now: UInt64) {
    closesAfterResponse = true
    enter(.writing, now: now)
  }

  /// Bytes left for the socket: the write deadline is on inactivity, not on the whole response.
  mutating func wroteBytes(now: UInt64) {
    guard phase == .writing else { return }
    deadline = now + Clock.nanoseconds(limits.writeTimeout)
  }

  /// The next piece of a streamed body is being produced: producing is not the client's
  /// inactivity, so no deadline until it arrives (`wroteBytes` or `pieceArrived` sets one).
  mutating func pieceRequested() {
    guard phase == .writing else { return }
    deadline = 0
  }

  mutating func pieceArrived(now: UInt64) { wroteBytes(now: now) }

  /// The last byte of a response left; `inputBuffered` says whether a pipelined request waits.
  mutating func responseWritten(inputBuffered: Bool, now: UInt64) -> Action {
    if closesAfterResponse {
      if peerClosed {
        enter(.closed, now: now)
        return .close
      }
      enter(.lingering, now: now)
      return .lingeringClose
    }
    enter(.idle, now: now)
    // A keep-alive response that was going out when the drain began: its client may already
    // be writing the next request, which is answered with Connection: close within the grace.
    if draining { deadline = min(deadline, graceEnds) }
    if inputBuffered { return .processInput }
    if peerClosed { return .close }
    return .awaitInput
  }

  // MARK: Deadlines, eviction, drain

  /// The sweep found `deadline` passed.
  mutating func deadlinePassed(now: UInt64) -> Action {
    guard deadline != 0, deadline <= now else { return .none }
    switch phase {
    case .header, .body:
      return .answerErrorAndClose(.requestTimeout, "the request was not received in time")
    case .writing:
      return .measureWriteProgress
    case .awaitingFirstRequest, .idle, .lingering:
      return .close
    case .handling, .closed:
      return .none
    }
  }

  /// How many bytes the client has taken so far (written minus what the kernel still holds),
  /// after `measureWriteProgress`. The kernel's send buffer (up to 4 MiB on loopback) hides
  /// progress from our writes: a client reading steadily at 3 MB/s left the socket unwritable
  /// for 0.6 s at a time, so progress is what the client took, not what we wrote.
  mutating func writeProgressMeasured(taken: Int, now: UInt64) -> Action {
    guard taken > takenAtLastCheck else { return .close }
    takenAtLastCheck = taken
    wroteBytes(now: now)
    return .none
  }

  /// The server evicts the connection to admit another at the cap; it only goes if it still
  /// holds its slot without a request in progress.
  func evict() -> Action {
    switch phase {
    case .awaitingFirstRequest, .idle, .header: .close
    case .body, .handling, .writing, .lingering, .closed: .none
    }
  }

  /// The server is shutting down (after its listener closed); `inputBuffered` is whether a
  /// request's bytes are buffered after reading what the kernel held. A request that reached
  /// the server is answered, with `Connection: close`. A connection with nothing to answer —
  /// idle, or accepted and still silent — stays open through the drain grace
  /// (`ServerLimits.drainGrace`), answering with `Connection: close` a request that arrives
  /// meanwhile (a proxy may be writing one onto its pooled connection right now), and closes
  /// when the grace ends with none; sooner if its own timeout ends first.
  mutating func drain(inputBuffered: Bool, now: UInt64) -> Action {
    guard !draining else { return .none }
    draining = true
    graceEnds = now + Clock.nanoseconds(limits.drainGrace)
    // A response already being written said keep-alive: a proxy puts the connection back in
    // its pool as it reads the end, and may write a request onto it at once, so it goes idle
    // through the grace like any other (closing after it raced the proxy as closing an idle
    // connection did). Every other response is still to start and says Connection: close.
    if !(phase == .writing && !closesAfterResponse && limits.drainGrace > 0) {
      closesAfterResponse = true
    }
    switch phase {
    case .awaitingFirstRequest:
      if inputBuffered || peerClosed { return .processInput }
      // Without a grace, a moment for a client that connected just before the listener closed:
      // its first request may be a few microseconds behind.
      deadline =
        limits.drainGrace > 0
        ? min(deadline, graceEnds) : now + Clock.nanoseconds(min(limits.headerTimeout, 0.5))
      return .none
    case .idle:
      deadline = min(deadline, graceEnds)
      return .processInput
    case .header, .body, .handling, .writing, .lingering, .closed:
      return .none  // finishes its request, answered with Connection: close
    }
  }

  mutating func closed() {
    phase = .closed
    deadline = 0
    evictableSince = 0
  }
}
