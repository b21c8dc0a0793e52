import CEpoll
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One client connection: reads, parses and answers requests one at a time, in order, on its
/// event loop's thread. The decisions (phases, deadlines, keep-alive, drain, eviction) are made
/// by `ConnectionStateMachine`; this class does the I/O they call for.
///
/// All state is touched only on the loop's thread, which is what makes the unchecked `Sendable`
/// sound; only two fields are read by another thread, both atomics: `evictableSince` (the
/// acceptor, choosing whom to evict at the connection cap) and `backlog` (a streamed answer's
/// producer on the pool, deciding whether to go on). Work done elsewhere (heavy requests, pieces of streamed
/// answers) comes back through `EventLoop.execute`.
final class Connection: @unchecked Sendable {
  let id: Int
  let fd: Int32
  /// The peer as `Socket.describe` gives it, for the application's logs.
  let peer: String
  /// Held strongly: work for this connection can still be running on the heavy pool (a piece of
  /// a streamed answer) after a drain's deadline closed it and the server's owner let the server
  /// go; with unowned references that work read a destroyed server and the process aborted (a
  /// test harness shutting its server down mid-stream, 2026-12-07). The cycle server →
  /// connection → server ends when the connection closes (`connectionClosed`).
  let loop: EventLoop
  private let server: HTTPServer
  private var machine: ConnectionStateMachine
  private var input: [UInt8] = []
  private var inputStart = 0
  private var parser: RequestParser
  private var output = OutputQueue()
  /// Whether the bytes in `output` end a response (as opposed to an interim `100 Continue` or a
  /// piece of a streamed body).
  private var outputEndsResponse = false
  /// The body being streamed, while more pieces are to come.
  private var stream: ResponseStream?
  private var streamFraming = ResponseWriter.Framing.none
  /// The pool is making pieces of `stream`: one was asked for and the last one made has not
  /// come back yet.
  private var producing = false
  /// What the producer sees of the unsent bytes, to go on to the next piece without being asked.
  /// Asking after each piece cost a round trip through both threads' wake-ups, with the write
  /// between them, for every piece: under perf the producer stood idle about 1 ms per 512 KiB
  /// piece, ~13 % of the standard scene's time over HTTP.
  private let backlog = StreamBacklog()
  private var closed = false
  private var processingScheduled = false
  /// Edge-triggered polling reports a change once: whether the kernel may hold input not read
  /// yet (reading stopped at the input limit, or while a request was answered), and whether the
  /// socket took everything it was last given.
  private var kernelMayHoldInput = true
  /// The peer has shut its side down (EPOLLRDHUP or EPOLLHUP was reported). Its end of file
  /// waits behind any data, and edge-triggered polling reports the hang-up once: a short read
  /// must not be taken to mean "nothing more" then, or a client that sends half a request and
  /// closes holds its slot until the header timeout.
  private var peerHungUp = false
  private var socketWritable = true
  /// Reading is held back: a request is being answered or the input buffer is full.
  private var readingPaused = false
  /// Unsent output bytes this connection has counted in the server's total.
  private var accountedOutput = 0
  /// Bytes written to the socket over the connection's life, for the write-progress check.
  private var bytesWritten = 0

  /// Mirrors the state machine's `evictableSince` for the acceptor (see there).
  let evictableSince = Atomic<UInt64>(0)

  /// Input kept beyond the request being parsed (pipelined requests) before reading pauses.
  private var maxBufferedInput: Int { machine.limits.maxHeaderBytes + 64 * 1024 }

  var deadline: UInt64 { machine.deadline }

  init(
    id: Int, fd: Int32, peer: String, loop: EventLoop, server: HTTPServer, limits: ServerLimits
  ) {
    self.id = id
    self.fd = fd
    self.peer = peer
    self.loop = loop
    self.server = server
    self.parser = RequestParser(limits: limits)
    self.machine = ConnectionStateMachine(limits: limits, now: Clock.now())
    evictableSince.store(machine.evictableSince, ordering: .relaxed)
  }

  /// On the loop, once: starts polling the socket.
  func start() {
    guard loop.register(self) else {
      closeSocket()
      return
    }
    if server.isDraining { drain() }
  }

  private func publishEvictability() {
    let since = machine.evictableSince
    if evictableSince.load(ordering: .relaxed) != since {
      evictableSince.store(since, ordering: .relaxed)
    }
  }

  // MARK: Events from the loop

  func handle(events: UInt32) {
    guard !closed else { return }
    if events & (EPOLLOUT.rawValue | EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0 {
      socketWritable = true
      if !output.isEmpty { flush() }
    }
    guard !closed else { return }
    if events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLERR.rawValue | EPOLLHUP.rawValue)
      != 0
    {
      kernelMayHoldInput = true
      if events & (EPOLLRDHUP.rawValue | EPOLLHUP.rawValue) != 0 { peerHungUp = true }
      if !readingPaused { readable() }
    }
  }

  func deadlinePassed(now: UInt64) {
    guard !closed else { return }
    perform(machine.deadlinePassed(now: now))
  }

  /// Called on the loop when the server evicts the connection to admit another at the cap.
  func evict() {
    guard !closed else { return }
    let action = machine.evict()
    if action == .close { server.report(.evicted(connection: id)) }
    perform(action)
  }

  /// Asked by the server during shutdown, after the listener has closed: what the kernel holds
  /// is read first, since a request in its buffer reached the server and is answered.
  func drain() {
    guard !closed else { return }
    switch machine.phase {
    case .awaitingFirstRequest, .idle:
      // An edge for input that arrived since the last read may still be in the loop's queue.
      kernelMayHoldInput = true
      pullInput()
    case .header, .body, .handling, .writing, .lingering, .closed: break
    }
    guard !closed else { return }
    perform(machine.drain(inputBuffered: inputStart < input.count, now: Clock.now()))
  }

  // MARK: Actions

  private func perform(_ action: ConnectionStateMachine.Action) {
    switch action {
    case .none:
      break
    case .sendContinue:
      send([ResponseWriter.continueLine], endsResponse: false)
    case .processInput:
      processInput()
    case .awaitInput:
      compactInput()
      resumeReading()
    case .answerErrorAndClose(let status, let detail):
      if status == .requestTimeout { server.report(.requestDeadlinePassed(connection: id)) }
      answerErrorAndClose(status, detail)
    case .lingeringClose:
      lingeringClose()
    case .measureWriteProgress:
      let unsent = Socket.unsentBytes(fd)
      let taken = unsent == Int.max ? 0 : bytesWritten - unsent
      perform(machine.writeProgressMeasured(taken: taken, now: Clock.now()))
    case .close:
      close()
    }
    publishEvictability()
  }

  // MARK: Reading

  private func readable() {
    pullInput()
    guard !closed else { return }
    switch machine.phase {
    case .lingering:
      input.removeAll(keepingCapacity: true)
      inputStart = 0
    case .awaitingFirstRequest, .idle, .header, .body:
      processInput()
    case .handling, .writing, .closed:
      break
    }
  }

  /// Reads what the kernel holds, up to the input limit; notes end of file.
  private func pullInput() {
    guard kernelMayHoldInput, !machine.peerClosed else { return }
    let chunk = 16 * 1024
    while true {
      if input.count - inputStart > maxBufferedInput && machine.phase != .lingering {
        readingPaused = true
        return  // the kernel may still hold more: `kernelMayHoldInput` stays set
      }
      let count = withUnsafeTemporaryAllocation(byteCount: chunk, alignment: 1) { buffer -> Int in
        let n = read(fd, buffer.baseAddress, chunk)
        if n > 0 {
          input.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
        return n
      }
      if count > 0 {
        // A short read emptied the socket's buffer: more input brings a new edge (but after a
        // hang-up, the end of file is read now).
        if count < chunk && !peerHungUp {
          kernelMayHoldInput = false
          return
        }
        continue
      }
      if count == 0 {
        kernelMayHoldInput = false
        let action = machine.peerClosedInput()
        if action == .close { close() }
        return  // .processInput: the caller parses what is buffered
      }
      let error = errno
      if error == EINTR { continue }
      if error == EAGAIN || error == EWOULDBLOCK {
        kernelMayHoldInput = false
        return
      }
      close()
      return
    }
  }

  private func resumeReading() {
    guard readingPaused else { return }
    readingPaused = false
    if kernelMayHoldInput { readable() }
  }

  /// Parses and answers buffered requests until one needs more bytes or a response is still
  /// being written. Each pass answers at most one request and then yields the loop, so a client
  /// that pipelines many requests does not starve the others on the same loop.
  private func processInput() {
    guard !closed, machine.acceptsInput else { return }
    while true {
      switch machine.phase {
      case .awaitingFirstRequest, .idle:
        guard inputStart < input.count else { return perform(machine.inputExhausted()) }
        machine.requestBegan(now: Clock.now())
        publishEvictability()
      case .header, .body, .handling, .writing, .lingering, .closed:
        break
      }
      let event: RequestParser.Event?
      do {
        event = try parser.parse(input, from: &inputStart)
      } catch {
        server.report(.rejectedRequest(status: error.status.code, detail: error.detail))
        return perform(machine.parseFailed(error))
      }
      guard let event else { return perform(machine.inputExhausted()) }
      switch event {
      case .head(let expectsContinue):
        perform(
          machine.headReceived(
            expectsContinue: expectsContinue, bodyBuffered: inputStart < input.count,
            now: Clock.now()))
      case .complete(var request):
        compactInput()
        request.peerAddress = peer
        dispatch(request)
        return
      }
    }
  }

  private func compactInput() {
    if inputStart == input.count {
      input.removeAll(keepingCapacity: input.capacity <= 64 * 1024)
      inputStart = 0
    } else if inputStart > 32 * 1024 {
      input.removeFirst(inputStart)
      inputStart = 0
    }
  }

  // MARK: Handling

  /// Runs the request where its class says: operations and light requests here, heavy ones on
  /// the pool (their answer comes back to this loop).
  private func dispatch(_ request: HTTPRequest) {
    readingPaused = true
    let placement = server.classify(request)
    if placement.requestClass != .operations && server.isShedding {
      // Memory is held by clients not reading what they asked for: shed load, do no work.
      respond(server.overloaded(), to: request)
      return
    }
    switch placement.requestClass {
    case .operations, .light:
      respond(server.handle(request, placement), to: request)
    case .heavy:
      machine.handlingStarted(now: Clock.now())
      publishEvictability()
      let admitted = server.heavyWork.submit { [self] in
        let response = server.handle(request, placement)
        loop.execute { [self] in respond(response, to: request) }
      }
      if !admitted {
        respond(server.overloaded(heavyLine: true), to: request)
      }
    }
  }

  private func respond(_ response: HTTPResponse, to request: HTTPRequest) {
    guard !closed else { return }
    let isHead = request.method == .head
    let framing = ResponseWriter.framing(response, version: request.version)
    var closeDelimited = false
    if case .untilClose = framing, !isHead { closeDelimited = true }
    let keepAlive = machine.responseStarted(
      keepAlive: ConnectionStateMachine.keepsAlive(
        version: request.version,
        requestConnection: request.headers.tokens(HTTPField.Name.connection),
        responseConnection: response.headers.tokens(HTTPField.Name.connection),
        closeDelimited: closeDelimited),
      serverDraining: server.isDraining, now: Clock.now())
    publishEvictability()
    loop.countResponse(status: response.status.code)
    let head = ResponseWriter.head(
      response, framing: framing, version: request.version, keepAlive: keepAlive,
      date: loop.httpDate)
    switch framing {
    case .length where !isHead && !response.body.isEmpty:
      send([head, response.body], endsResponse: true)
    case .chunked where !isHead, .untilClose where !isHead:
      stream = response.stream
      streamFraming = framing
      send([head], endsResponse: false)
    case .length, .chunked, .untilClose, .none:
      send([head], endsResponse: true)
    }
  }

  private func answerErrorAndClose(_ status: HTTPStatus, _ detail: String) {
    let response = server.errorResponse(status, detail)
    machine.errorResponseStarted(now: Clock.now())
    loop.countResponse(status: status.code)
    readingPaused = true
    send(
      [ResponseWriter.serialize(response, version: .http11, isHead: false, keepAlive: false)],
      endsResponse: true)
  }

  // MARK: Writing

  private func send(_ pieces: [[UInt8]], endsResponse: Bool) {
    for piece in pieces where !piece.isEmpty { output.append(piece) }
    if endsResponse { outputEndsResponse = true }
    flush()
  }

  private func flush() {
    guard !closed else { return }
    while !output.isEmpty && socketWritable {
      let n = output.write(to: fd)
      if n > 0 {
        bytesWritten += n
        machine.wroteBytes(now: Clock.now())
        continue
      }
      let error = errno
      if n < 0 && error == EINTR { continue }
      if n < 0 && (error == EAGAIN || error == EWOULDBLOCK) {
        socketWritable = false  // the next EPOLLOUT edge says when it drains
        break
      }
      // EPIPE, ECONNRESET: the client is gone; nothing more to do for it.
      close()
      return
    }
    account(pending: output.count + (stream?.reservedBytes ?? 0))
    if stream != nil { backlog.wrote(leaving: output.count) }
    if output.count < ResponseStream.lowWater { requestPiece() }
    guard output.isEmpty else { return }
    output.releaseStorage()
    if outputEndsResponse {
      outputEndsResponse = false
      responseFinished()
    }
  }

  /// Asks the pool for the next piece of a streamed body, unless its producer is still at work:
  /// then it goes on by itself while the rule holds (`makePiece`).
  private func requestPiece() {
    guard let stream else { return }
    machine.pieceRequested()
    guard !producing else { return }
    producing = true
    server.heavyWork.submitContinuation { [self] in makePiece(of: stream) }
  }

  /// On the pool: makes the next piece and hands it to the loop; then, if less than `lowWater`
  /// bytes of the previous pieces are unsent, makes the one after it at once (queued behind
  /// other streams' pieces, on this queue). So a stalled reader holds less than `lowWater` plus
  /// two pieces unsent, one more than when the loop asked for each piece.
  private func makePiece(of stream: ResponseStream) {
    let (piece, more) = stream.next()
    let goesOn = more && backlog.bytes < ResponseStream.lowWater
    backlog.handedOver(piece.count)
    loop.execute { [self] in pieceArrived(piece, more: more, producerGoesOn: goesOn) }
    if goesOn { server.heavyWork.followUp { [self] in makePiece(of: stream) } }
  }

  private func pieceArrived(_ piece: [UInt8], more: Bool, producerGoesOn: Bool) {
    if !producerGoesOn { producing = false }
    guard !closed else { return }
    machine.pieceArrived(now: Clock.now())
    var pieces: [[UInt8]] = []
    switch streamFraming {
    case .chunked:
      if !piece.isEmpty {
        pieces = [ResponseWriter.chunkHeader(piece.count), piece, ResponseWriter.crlf]
      }
      if !more { pieces.append(ResponseWriter.lastChunk) }
    case .untilClose, .length, .none:
      pieces = [piece]
    }
    if !more { stream = nil }
    send(pieces, endsResponse: !more)
    backlog.queued(piece.count)
  }

  private func responseFinished() {
    let action = machine.responseWritten(
      inputBuffered: inputStart < input.count, now: Clock.now())
    switch action {
    case .processInput:
      // Pipelined requests are waiting: answer the next on a later turn of the loop.
      guard !processingScheduled else { return }
      processingScheduled = true
      loop.later { [self] in
        processingScheduled = false
        processInput()
      }
      publishEvictability()
    case .none, .sendContinue, .awaitInput, .answerErrorAndClose, .lingeringClose,
      .measureWriteProgress, .close:
      perform(action)
    }
  }

  /// Half-closes and keeps discarding input for a moment, so a client still sending (a body
  /// we refused, say) reads our response instead of a reset.
  private func lingeringClose() {
    shutdown(fd, Int32(SHUT_WR))
    input = []
    inputStart = 0
    readingPaused = false
    kernelMayHoldInput = true
    readable()
  }

  // MARK: Closing

  func close() {
    guard !closed else { return }
    closed = true
    machine.closed()
    evictableSince.store(0, ordering: .relaxed)
    input = []
    output = OutputQueue()
    stream = nil
    // A producer going on by itself stops at its next piece, not after a piece more.
    backlog.stop()
    account(pending: 0)
    loop.unregister(self)
    closeSocket()
  }

  private func closeSocket() {
    Glibc.close(fd)
    server.connectionClosed(self)
  }

  /// Keeps the server's count of unsent response bytes in step with this connection's.
  private func account(pending: Int) {
    server.adjustBuffered(by: pending - accountedOutput)
    accountedOutput = pending
  }
}
