import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One client connection: reads, parses and answers requests one at a time, in order.
///
/// All state is touched only on `queue` (a serial queue that targets one of the server's I/O
/// worker queues), which is what makes the unchecked `Sendable` sound; the two atomics are the
/// only fields other threads read (the deadline sweep and eviction at the connection cap). The
/// read source is created once and lives as long as the connection; it is suspended, never
/// re-created, when the connection must stop reading (docs/design.md: libdispatch misbehaves
/// when a source for an fd is re-added).
final class Connection: @unchecked Sendable {
  private enum Phase {
    /// Accepted, nothing received yet: the first byte must come within the header timeout.
    case awaitingFirstRequest
    /// Waiting for the next request after a complete response (keep-alive).
    case idle
    /// Inside a request's header section.
    case header
    /// Reading a request's body.
    case body
    /// A heavy request is running on the pool; its answer comes back to this queue.
    case handling
    /// A response is being written; no further request is parsed until it is out.
    case writing
    /// The write side is shut down; unread input is drained so the kernel does not reset the
    /// connection before the client has read the last response.
    case lingering
  }

  let id: Int
  let fd: Int32
  let queue: DispatchQueue
  private unowned let server: HTTPServer
  private let limits: ServerLimits
  private var readSource: DispatchSourceRead?
  private var writeSource: DispatchSourceWrite?
  private var writeSourceActive = false
  private var readSuspended = false
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
  /// A piece has been asked of the pool and has not come back yet.
  private var pieceRequested = false
  private var phase = Phase.awaitingFirstRequest
  private var closeAfterResponse = false
  private var peerClosed = false
  private var closed = false
  private var draining = false
  private var pendingCancellations = 0
  private var processingScheduled = false
  /// Unsent output bytes this connection has counted in the server's total.
  private var accountedOutput = 0

  /// When the current phase ends (uptime nanoseconds; 0: no deadline). Deadlines are timestamps
  /// checked by the server's periodic sweep, not a timer per connection: setting one is a store,
  /// where reprogramming a Dispatch timer three times a request cost ~9 % of a small request's
  /// time plus libdispatch's manager thread.
  let deadline = Atomic<UInt64>(0)
  /// Since when the connection has held a slot without a request in progress (nothing received
  /// yet, idle, or in a header section); 0 otherwise. At the connection cap the server evicts the
  /// oldest such connection to admit a new one, so silent sockets cannot deny service.
  let evictableSince = Atomic<UInt64>(0)

  /// Input kept beyond the request being parsed (pipelined requests) before reading pauses.
  private var maxBufferedInput: Int { limits.maxHeaderBytes + 64 * 1024 }

  init(id: Int, fd: Int32, queue: DispatchQueue, server: HTTPServer, limits: ServerLimits) {
    self.id = id
    self.fd = fd
    self.queue = queue
    self.server = server
    self.limits = limits
    self.parser = RequestParser(limits: limits)
    let now = Clock.now()
    deadline.store(now + Clock.nanoseconds(limits.headerTimeout), ordering: .relaxed)
    evictableSince.store(now, ordering: .relaxed)
  }

  func start() {
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
    source.setEventHandler { [unowned self] in readable() }
    source.setCancelHandler { [self] in cancellationFinished() }
    pendingCancellations += 1
    readSource = source
    enter(.awaitingFirstRequest)
    source.resume()
    if server.isDraining { drain() }
  }

  // MARK: Phases and deadlines

  private func enter(_ next: Phase) {
    phase = next
    let now = Clock.now()
    let seconds: Double?
    switch next {
    case .awaitingFirstRequest, .header: seconds = limits.headerTimeout
    case .idle: seconds = limits.idleTimeout
    case .body: seconds = limits.bodyTimeout
    case .handling: seconds = nil
    case .writing: seconds = limits.writeTimeout
    case .lingering: seconds = 2
    }
    deadline.store(seconds.map { now + Clock.nanoseconds($0) } ?? 0, ordering: .relaxed)
    switch next {
    case .awaitingFirstRequest, .idle:
      evictableSince.store(now, ordering: .relaxed)
    case .header:
      break  // keeps the time it became evictable: a trickled header is as good as silence
    case .body, .handling, .writing, .lingering:
      evictableSince.store(0, ordering: .relaxed)
    }
  }

  /// Bytes written to the socket over the connection's life, and how many of them the client
  /// had taken (written minus what the kernel still holds) at the last write-deadline check.
  private var bytesWritten = 0
  private var takenAtLastCheck = 0

  /// Writing progressed: the write deadline is on inactivity, not on the whole response.
  private func madeProgress() {
    guard phase == .writing else { return }
    deadline.store(Clock.now() + Clock.nanoseconds(limits.writeTimeout), ordering: .relaxed)
  }

  /// Called on this queue by the server's sweep when the deadline looked passed.
  func checkDeadline() {
    guard !closed else { return }
    let due = deadline.load(ordering: .relaxed)
    guard due != 0, due <= Clock.now() else { return }
    switch phase {
    case .header, .body:
      server.report(.requestDeadlinePassed(connection: id))
      answerErrorAndClose(.requestTimeout, "the request was not received in time")
    case .writing:
      // Progress is what the client takes, and the kernel's send buffer (up to 4 MiB on
      // loopback) hides it from our writes: a client reading steadily at 3 MB/s left the socket
      // unwritable for 0.6 s at a time. So ask the kernel whether its queue shrank.
      let unsent = Socket.unsentBytes(fd)
      let taken = unsent == Int.max ? takenAtLastCheck : bytesWritten - unsent
      if taken > takenAtLastCheck {
        takenAtLastCheck = taken
        madeProgress()
      } else {
        close()
      }
    case .awaitingFirstRequest, .idle, .lingering:
      close()
    case .handling:
      break  // no deadline while handling: the work budget bounds it
    }
  }

  /// Called on this queue when the server evicts the connection to admit another at the cap;
  /// it only goes if it still holds its slot without a request in progress.
  func evict() {
    guard !closed else { return }
    switch phase {
    case .awaitingFirstRequest, .idle, .header:
      server.report(.evicted(connection: id))
      close()
    case .body, .handling, .writing, .lingering:
      break
    }
  }

  // MARK: Reading

  private func readable() {
    guard !closed else { return }
    pullInput()
    guard !closed else { return }
    if phase == .lingering {
      if peerClosed { close() }
      return
    }
    processInput()
  }

  /// Reads what the kernel holds, up to the input limit.
  private func pullInput() {
    let chunk = 16 * 1024
    while true {
      let count = withUnsafeTemporaryAllocation(byteCount: chunk, alignment: 1) { buffer -> Int in
        let n = read(fd, buffer.baseAddress, chunk)
        if n > 0 && phase != .lingering {
          input.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
        return n
      }
      if count > 0 {
        if phase != .lingering && input.count - inputStart > maxBufferedInput {
          suspendReading()
          return
        }
        if count < chunk { return }
        continue
      }
      if count == 0 {
        peerClosed = true
        suspendReading()
        return
      }
      let error = errno
      if error == EINTR { continue }
      if error == EAGAIN || error == EWOULDBLOCK { return }
      close()
      return
    }
  }

  private func suspendReading() {
    guard !readSuspended, let readSource else { return }
    readSource.suspend()
    readSuspended = true
  }

  private func resumeReading() {
    guard readSuspended, !peerClosed, let readSource else { return }
    readSuspended = false
    readSource.resume()
  }

  /// Parses and answers buffered requests until one needs more bytes or a response is still
  /// being written. Each pass answers at most one request and then yields the queue, so a client
  /// that pipelines many requests does not starve others on the same worker.
  private func processInput() {
    switch phase {
    case .awaitingFirstRequest, .idle, .header, .body: break
    case .handling, .writing, .lingering: return
    }
    guard !closed else { return }
    while true {
      if phase == .awaitingFirstRequest || phase == .idle {
        guard inputStart < input.count else { break }
        enter(.header)
      }
      let event: RequestParser.Event?
      do {
        event = try parser.parse(input, from: &inputStart)
      } catch {
        server.report(.rejectedRequest(status: error.status.code, detail: error.detail))
        answerErrorAndClose(error.status, error.detail)
        return
      }
      guard let event else { break }
      switch event {
      case .head(let expectsContinue):
        enter(.body)
        if expectsContinue && inputStart == input.count {
          send([ResponseWriter.continueLine], endsResponse: false)
        }
      case .complete(let request):
        compactInput()
        dispatch(request)
        return
      }
    }
    compactInput()
    if peerClosed {
      // The client will send nothing more; an unfinished request can never complete.
      close()
    } else if draining && (phase == .idle || phase == .awaitingFirstRequest) {
      close()
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
    if input.count - inputStart <= maxBufferedInput && phase != .writing
      && phase != .handling
    {
      resumeReading()
    }
  }

  // MARK: Handling

  /// Runs the request where its class says: operations and light requests here, heavy ones on
  /// the pool (their answer comes back to this queue).
  private func dispatch(_ request: HTTPRequest) {
    let requestClass = server.classify(request)
    if requestClass != .operations && server.isShedding {
      // Memory is held by clients not reading what they asked for: shed load, do no work.
      respond(server.overloaded(), to: request)
      return
    }
    switch requestClass {
    case .operations, .light:
      respond(server.handle(request), to: request)
    case .heavy:
      enter(.handling)
      suspendReading()
      let admitted = server.heavyWork.submit { [self] in
        let response = server.handle(request)
        queue.async { [self] in respond(response, to: request) }
      }
      if !admitted {
        respond(server.overloaded(heavyLine: true), to: request)
      }
    }
  }

  private func respond(_ response: HTTPResponse, to request: HTTPRequest) {
    guard !closed else { return }
    // The server may have begun draining while the handler ran, so ask it directly.
    var keepAlive = !draining && !closeAfterResponse && !server.isDraining
    let connectionTokens = request.headers.tokens("Connection")
    if request.version == .http10 {
      keepAlive = keepAlive && connectionTokens.contains("keep-alive")
    } else if connectionTokens.contains("close") {
      keepAlive = false
    }
    if response.headers.tokens("Connection").contains("close") { keepAlive = false }
    let isHead = request.method == "HEAD"
    let framing = ResponseWriter.framing(response, version: request.version)
    // A close-delimited body can only end by closing.
    if case .untilClose = framing, !isHead { keepAlive = false }
    closeAfterResponse = !keepAlive
    server.didRespond(status: response.status.code)
    enter(.writing)
    let head = ResponseWriter.head(
      response, framing: framing, version: request.version, keepAlive: keepAlive)
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

  /// The server's own error answers (malformed request, deadline): the framing of whatever
  /// follows can no longer be trusted, so the connection closes after it.
  private func answerErrorAndClose(_ status: HTTPStatus, _ detail: String) {
    let response = server.errorResponse(status, detail)
    closeAfterResponse = true
    server.didRespond(status: status.code)
    enter(.writing)
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
    while !output.isEmpty {
      let n = output.write(to: fd)
      if n > 0 {
        bytesWritten += n
        madeProgress()
        continue
      }
      let error = errno
      if n < 0 && error == EINTR { continue }
      if n < 0 && (error == EAGAIN || error == EWOULDBLOCK) { break }
      // EPIPE, ECONNRESET: the client is gone; nothing more to do for it.
      close()
      return
    }
    account(pending: output.count + (stream?.reservedBytes ?? 0))
    if output.count < ResponseStream.lowWater { requestPiece() }
    guard output.isEmpty else {
      armWriteSource()
      return
    }
    output.releaseStorage()
    disarmWriteSource()
    if outputEndsResponse {
      outputEndsResponse = false
      responseFinished()
    }
  }

  /// Asks the pool for the next piece of a streamed body, once at a time.
  private func requestPiece() {
    guard let stream, !pieceRequested else { return }
    pieceRequested = true
    // Producing is not the client's inactivity: no deadline while the piece is made.
    deadline.store(0, ordering: .relaxed)
    server.heavyWork.submitContinuation { [self] in
      let (piece, more) = stream.next()
      queue.async { [self] in pieceArrived(piece, more: more) }
    }
  }

  private func pieceArrived(_ piece: [UInt8], more: Bool) {
    pieceRequested = false
    guard !closed else { return }
    madeProgress()
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
  }

  private func armWriteSource() {
    if writeSource == nil {
      let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
      source.setEventHandler { [unowned self] in flush() }
      source.setCancelHandler { [self] in cancellationFinished() }
      pendingCancellations += 1
      writeSource = source
    }
    if !writeSourceActive {
      writeSourceActive = true
      writeSource!.resume()
    }
  }

  private func disarmWriteSource() {
    if writeSourceActive, let writeSource {
      writeSource.suspend()
      writeSourceActive = false
    }
  }

  private func responseFinished() {
    if closeAfterResponse {
      lingeringClose()
      return
    }
    enter(.idle)
    if inputStart < input.count {
      // Pipelined requests are waiting: answer the next on a later turn of the queue.
      guard !processingScheduled else { return }
      processingScheduled = true
      queue.async { [self] in
        processingScheduled = false
        processInput()
      }
    } else if peerClosed {
      close()
    } else {
      compactInput()
    }
  }

  /// Half-closes and keeps discarding input for a moment, so a client still sending (a body
  /// we refused, say) reads our response instead of a reset.
  private func lingeringClose() {
    enter(.lingering)
    shutdown(fd, Int32(SHUT_WR))
    input = []
    inputStart = 0
    if peerClosed {
      close()
      return
    }
    resumeReading()
  }

  // MARK: Draining and closing

  /// Asked by the server during shutdown, after the listener has closed. A request already in
  /// the kernel's buffer reached the server and is answered (with `Connection: close`), so
  /// what is buffered is read before deciding; a connection with nothing to answer closes. One
  /// accepted but still silent gets a moment to send: its client connected before the listener
  /// closed, and its first request may be a few microseconds behind.
  func drain() {
    guard !closed, !draining else { return }
    draining = true
    closeAfterResponse = true
    switch phase {
    case .awaitingFirstRequest:
      pullInput()
      if closed { return }
      if inputStart < input.count || peerClosed {
        processInput()
      } else {
        deadline.store(
          Clock.now() + Clock.nanoseconds(min(limits.headerTimeout, 0.5)), ordering: .relaxed)
      }
    case .idle:
      pullInput()
      if closed { return }
      processInput()
    case .header, .body, .handling, .writing, .lingering:
      break  // finishes its request, answered with Connection: close
    }
  }

  func close() {
    guard !closed else { return }
    closed = true
    deadline.store(0, ordering: .relaxed)
    evictableSince.store(0, ordering: .relaxed)
    if let readSource {
      readSource.cancel()
      if readSuspended {
        readSuspended = false
        readSource.resume()
      }
    }
    if let writeSource {
      writeSource.cancel()
      if !writeSourceActive {
        writeSourceActive = true
        writeSource.resume()
      }
    }
    input = []
    output = OutputQueue()
    stream = nil
    account(pending: 0)
    if readSource == nil { finishClosing() }
  }

  /// Keeps the server's count of unsent response bytes in step with this connection's.
  private func account(pending: Int) {
    server.adjustBuffered(by: pending - accountedOutput)
    accountedOutput = pending
  }

  /// The fd is closed only once every source on it is cancelled, so no handler can run on a
  /// reused descriptor.
  private func cancellationFinished() {
    pendingCancellations -= 1
    guard pendingCancellations == 0 else { return }
    finishClosing()
  }

  private func finishClosing() {
    Glibc.close(fd)
    server.connectionClosed(self)
  }
}

/// Response bytes waiting for the socket, as the pieces they were made in: a head and a body
/// go out in one `writev` without being copied into one array.
struct OutputQueue {
  private var pieces: [[UInt8]] = []
  private var first = 0
  private var offset = 0
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  mutating func append(_ piece: [UInt8]) {
    pieces.append(piece)
    count += piece.count
  }

  /// One `writev` of up to 16 pieces; what `writev` returned (−1 with errno on failure).
  mutating func write(to fd: Int32) -> Int {
    let end = min(pieces.count, first + 16)
    var vectors: [iovec] = []
    vectors.reserveCapacity(end - first)
    let written = Self.withVectors(pieces, first, end, offset, &vectors) { vectors in
      vectors.withUnsafeBufferPointer { writev(fd, $0.baseAddress, Int32($0.count)) }
    }
    guard written > 0 else { return written }
    var left = written
    count -= written
    while left > 0 {
      let available = pieces[first].count - offset
      if left >= available {
        left -= available
        pieces[first] = []
        first += 1
        offset = 0
      } else {
        offset += left
        left = 0
      }
    }
    if first == pieces.count {
      pieces.removeAll(keepingCapacity: true)
      first = 0
    }
    return written
  }

  /// Calls `body` with an iovec per piece in `i..<end`, each pointer valid for the whole call
  /// (the pointers are taken in nested `withUnsafeBytes` scopes, not escaped from them).
  private static func withVectors(
    _ pieces: [[UInt8]], _ i: Int, _ end: Int, _ skip: Int, _ vectors: inout [iovec],
    _ body: (inout [iovec]) -> Int
  ) -> Int {
    guard i < end else { return body(&vectors) }
    return pieces[i].withUnsafeBytes { raw in
      vectors.append(
        iovec(
          iov_base: UnsafeMutableRawPointer(mutating: raw.baseAddress! + skip),
          iov_len: raw.count - skip))
      return withVectors(pieces, i + 1, end, 0, &vectors, body)
    }
  }

  /// Drops the storage of a finished response.
  mutating func releaseStorage() {
    pieces = []
    first = 0
    offset = 0
  }
}

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
