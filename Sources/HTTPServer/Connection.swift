import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// One client connection: reads, parses and answers requests one at a time, in order.
///
/// All state is touched only on `queue` (a serial queue that targets one of the server's worker
/// queues), which is what makes the unchecked `Sendable` sound. The read source is created once
/// and lives as long as the connection; it is suspended, never re-created, when the connection
/// must stop reading (DESIGN.md: libdispatch misbehaves when a source for an fd is re-added).
final class Connection: @unchecked Sendable {
  private enum Phase {
    /// Waiting for the first byte of a request (keep-alive).
    case idle
    /// Inside a request's header section.
    case header
    /// Reading a request's body.
    case body
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
  private let timer: DispatchSourceTimer
  private var input: [UInt8] = []
  private var inputStart = 0
  private var parser: RequestParser
  private var output: [UInt8] = []
  private var outputOffset = 0
  /// Whether the bytes in `output` end a response (as opposed to an interim `100 Continue`).
  private var outputEndsResponse = false
  private var phase = Phase.idle
  private var closeAfterResponse = false
  private var peerClosed = false
  private var closed = false
  private var draining = false
  private var pendingCancellations = 0
  private var processingScheduled = false
  /// Unsent output bytes this connection has counted in the server's total.
  private var accountedOutput = 0

  /// Input kept beyond the request being parsed (pipelined requests) before reading pauses.
  private var maxBufferedInput: Int { limits.maxHeaderBytes + 64 * 1024 }

  init(id: Int, fd: Int32, queue: DispatchQueue, server: HTTPServer, limits: ServerLimits) {
    self.id = id
    self.fd = fd
    self.queue = queue
    self.server = server
    self.limits = limits
    self.parser = RequestParser(limits: limits)
    self.timer = DispatchSource.makeTimerSource(queue: queue)
  }

  func start() {
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
    source.setEventHandler { [unowned self] in readable() }
    source.setCancelHandler { [self] in cancellationFinished() }
    pendingCancellations += 1
    readSource = source
    timer.setEventHandler { [unowned self] in deadlinePassed() }
    timer.resume()
    setDeadline(limits.idleTimeout)
    source.resume()
  }

  // MARK: Reading

  private func readable() {
    guard !closed else { return }
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
          break
        }
        if count < chunk { break }
        continue
      }
      if count == 0 {
        peerClosed = true
        suspendReading()
        break
      }
      let error = errno
      if error == EINTR { continue }
      if error == EAGAIN || error == EWOULDBLOCK { break }
      close()
      return
    }
    if phase == .lingering {
      if peerClosed { close() }
      return
    }
    processInput()
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
    guard !closed, phase != .writing, phase != .lingering else { return }
    while true {
      if phase == .idle {
        guard inputStart < input.count else { break }
        phase = .header
        setDeadline(limits.headerTimeout)
      }
      let event: RequestParser.Event?
      do {
        event = try parser.parse(input, from: &inputStart)
      } catch {
        respondToParseError(error)
        return
      }
      guard let event else { break }
      switch event {
      case .head(let expectsContinue):
        phase = .body
        setDeadline(limits.bodyTimeout)
        if expectsContinue && inputStart == input.count {
          send(ResponseWriter.continueLine, endsResponse: false)
        }
      case .complete(let request):
        respond(to: request)
        compactInput()
        return
      }
    }
    compactInput()
    if peerClosed && phase != .writing {
      // The client will send nothing more; an unfinished request can never complete.
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
    if input.count - inputStart <= maxBufferedInput && phase != .writing { resumeReading() }
  }

  // MARK: Responding

  private func respond(to request: HTTPRequest) {
    let response: HTTPResponse
    if server.bufferedResponseBytes > limits.maxBufferedResponseBytes {
      // Memory is held by clients not reading what they asked for: shed load, do no work.
      var overloaded = server.errorResponse(
        .serviceUnavailable, "the server is holding too many unread responses; retry shortly")
      overloaded.headers.set("Retry-After", "1")
      response = overloaded
    } else {
      response = server.handle(request)
    }
    // The server may have begun draining while the handler ran (its drain call waits behind
    // the handler on this queue), so ask it directly.
    var keepAlive = !draining && !closeAfterResponse && !server.isDraining
    let connectionTokens = request.headers.tokens("Connection")
    if request.version == .http10 {
      keepAlive = keepAlive && connectionTokens.contains("keep-alive")
    } else if connectionTokens.contains("close") {
      keepAlive = false
    }
    if response.headers.tokens("Connection").contains("close") { keepAlive = false }
    closeAfterResponse = !keepAlive
    let bytes = ResponseWriter.serialize(
      response, version: request.version, isHead: request.method == "HEAD", keepAlive: keepAlive)
    server.didRespond(status: response.status.code)
    phase = .writing
    setDeadline(limits.writeTimeout)
    send(bytes, endsResponse: true)
  }

  private func respondToParseError(_ error: RequestParseError) {
    server.log(
      .info, "rejected request", ["status": String(error.status.code), "detail": error.detail])
    let response = server.errorResponse(error.status, error.detail)
    closeAfterResponse = true
    phase = .writing
    setDeadline(limits.writeTimeout)
    server.didRespond(status: error.status.code)
    send(
      ResponseWriter.serialize(response, version: .http11, isHead: false, keepAlive: false),
      endsResponse: true)
  }

  private func send(_ bytes: [UInt8], endsResponse: Bool) {
    if output.isEmpty {
      output = bytes
      outputOffset = 0
    } else {
      output.append(contentsOf: bytes)
    }
    if endsResponse { outputEndsResponse = true }
    flush()
  }

  private func flush() {
    guard !closed else { return }
    while outputOffset < output.count {
      let n = output.withUnsafeBytes { raw in
        Glibc.send(
          fd, raw.baseAddress! + outputOffset, raw.count - outputOffset, Int32(MSG_NOSIGNAL))
      }
      if n > 0 {
        outputOffset += n
        continue
      }
      let error = errno
      if n < 0 && error == EINTR { continue }
      if n < 0 && (error == EAGAIN || error == EWOULDBLOCK) {
        account(pending: output.count - outputOffset)
        armWriteSource()
        return
      }
      // EPIPE, ECONNRESET: the client is gone; nothing more to do for it.
      close()
      return
    }
    output.removeAll(keepingCapacity: output.capacity <= 64 * 1024)
    outputOffset = 0
    account(pending: 0)
    disarmWriteSource()
    if outputEndsResponse {
      outputEndsResponse = false
      responseFinished()
    }
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
    phase = .idle
    setDeadline(limits.idleTimeout)
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
    phase = .lingering
    shutdown(fd, Int32(SHUT_WR))
    input = []
    inputStart = 0
    if peerClosed {
      close()
      return
    }
    setDeadline(2)
    resumeReading()
  }

  // MARK: Deadlines and closing

  private func setDeadline(_ seconds: Double) {
    timer.schedule(deadline: .now() + seconds, leeway: .milliseconds(50))
  }

  private func deadlinePassed() {
    guard !closed else { return }
    switch phase {
    case .header, .body:
      server.log(.info, "request deadline passed", ["connection": String(id)])
      let response = server.errorResponse(.requestTimeout, "the request was not received in time")
      closeAfterResponse = true
      phase = .writing
      setDeadline(limits.writeTimeout)
      server.didRespond(status: 408)
      send(
        ResponseWriter.serialize(response, version: .http11, isHead: false, keepAlive: false),
        endsResponse: true)
    case .idle, .writing, .lingering:
      close()
    }
  }

  /// Asked by the server during shutdown: close now if nothing is in flight, otherwise after the
  /// current response.
  func drain() {
    guard !closed else { return }
    draining = true
    if phase == .idle && inputStart == input.count && parser.isIdle {
      close()
    } else {
      closeAfterResponse = true
    }
  }

  func close() {
    guard !closed else { return }
    closed = true
    timer.cancel()
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
    output = []
    account(pending: 0)
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
    Glibc.close(fd)
    server.connectionClosed(self)
  }
}
