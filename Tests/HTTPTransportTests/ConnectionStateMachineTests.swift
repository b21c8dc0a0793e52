import Testing

@testable import HTTPTransport

/// The connection's decisions without a socket: each test feeds events to a
/// `ConnectionStateMachine` at chosen instants and checks the actions and deadlines, the way
/// Hummingbird tests its HTTP/1 connection state machine. The expectations are the rules of
/// docs/design.md "The server" and RFC 9112 §9, written out by hand per case.
@Suite struct ConnectionStateMachineTests {
  static let second: UInt64 = 1_000_000_000

  static func limits() -> ServerLimits {
    var limits = ServerLimits()
    limits.headerTimeout = 10
    limits.bodyTimeout = 30
    limits.idleTimeout = 60
    limits.writeTimeout = 20
    return limits
  }

  /// A machine accepted at t = 100 s.
  static func accepted() -> ConnectionStateMachine {
    ConnectionStateMachine(limits: limits(), now: 100 * second)
  }

  @Test func acceptedConnectionMustSpeakWithinTheHeaderTimeout() {
    var machine = Self.accepted()
    #expect(machine.phase == .awaitingFirstRequest)
    #expect(machine.deadline == 110 * Self.second)
    #expect(machine.evictableSince == 100 * Self.second)
    let step1 = machine.deadlinePassed(now: 109 * Self.second)
    #expect(step1 == .none)
    let step2 = machine.deadlinePassed(now: 110 * Self.second)
    #expect(step2 == .close)
  }

  @Test func trickledHeaderKeepsItsEvictionAgeAndGets408() {
    var machine = Self.accepted()
    machine.requestBegan(now: 105 * Self.second)
    #expect(machine.phase == .header)
    #expect(machine.deadline == 115 * Self.second)
    // Still evictable from the moment it was accepted: a trickle is as good as silence.
    #expect(machine.evictableSince == 100 * Self.second)
    #expect(machine.evict() == .close)
    let step3 = machine.deadlinePassed(now: 115 * Self.second)
    #expect(step3 == .answerErrorAndClose(.requestTimeout, "the request was not received in time"))
  }

  @Test func bodyPhaseHasItsOwnTimeoutAndIsNotEvictable() {
    var machine = Self.accepted()
    machine.requestBegan(now: 101 * Self.second)
    let step4 = machine.headReceived(
      expectsContinue: false, bodyBuffered: false, now: 102 * Self.second)
    #expect(step4 == .none)
    #expect(machine.phase == .body)
    #expect(machine.deadline == 132 * Self.second)
    #expect(machine.evictableSince == 0)
    #expect(machine.evict() == .none)
    let step5 = machine.deadlinePassed(now: 132 * Self.second)
    #expect(step5 == .answerErrorAndClose(.requestTimeout, "the request was not received in time"))
  }

  @Test func expectContinueOnlyWhenNoBodyArrivedWithTheHead() {
    var waiting = Self.accepted()
    waiting.requestBegan(now: 101 * Self.second)
    let step6 = waiting.headReceived(
      expectsContinue: true, bodyBuffered: false, now: 101 * Self.second)
    #expect(step6 == .sendContinue)
    var eager = Self.accepted()
    eager.requestBegan(now: 101 * Self.second)
    let step7 = eager.headReceived(
      expectsContinue: true, bodyBuffered: true, now: 101 * Self.second)
    #expect(step7 == .none)
  }

  @Test func keepAliveRules() {
    // RFC 9112 §9.3: HTTP/1.1 persists unless either side says close; HTTP/1.0 only on request.
    let cases: [(HTTPVersion, [String], [String], Bool, Bool)] = [
      (.http11, [], [], false, true),
      (.http11, ["close"], [], false, false),
      (.http11, [], ["close"], false, false),
      (.http11, ["keep-alive"], [], true, false),  // a close-delimited body ends by closing
      (.http10, [], [], false, false),
      (.http10, ["keep-alive"], [], false, true),
      (.http10, ["keep-alive"], ["close"], false, false),
    ]
    for (version, request, response, closeDelimited, expected) in cases {
      #expect(
        ConnectionStateMachine.keepsAlive(
          version: version, requestConnection: request, responseConnection: response,
          closeDelimited: closeDelimited) == expected)
    }
  }

  @Test func keptAliveResponseReturnsToIdleWithTheIdleTimeout() {
    var machine = Self.accepted()
    machine.requestBegan(now: 101 * Self.second)
    let step8 = machine.responseStarted(
      keepAlive: true, serverDraining: false, now: 102 * Self.second)
    #expect(step8)
    #expect(machine.phase == .writing)
    #expect(machine.deadline == 122 * Self.second)
    #expect(machine.evictableSince == 0)
    let step9 = machine.responseWritten(inputBuffered: false, now: 103 * Self.second)
    #expect(step9 == .awaitInput)
    #expect(machine.phase == .idle)
    #expect(machine.deadline == 163 * Self.second)
    #expect(machine.evictableSince == 103 * Self.second)
    let step10 = machine.deadlinePassed(now: 163 * Self.second)
    #expect(step10 == .close)
  }

  @Test func pipelinedRequestIsProcessedAfterTheResponse() {
    var machine = Self.accepted()
    machine.requestBegan(now: 101 * Self.second)
    _ = machine.responseStarted(keepAlive: true, serverDraining: false, now: 101 * Self.second)
    let step11 = machine.responseWritten(inputBuffered: true, now: 101 * Self.second)
    #expect(step11 == .processInput)
  }

  @Test func closingResponseLingersThenCloses() {
    var machine = Self.accepted()
    machine.requestBegan(now: 101 * Self.second)
    let step12 = machine.responseStarted(
      keepAlive: false, serverDraining: false, now: 101 * Self.second)
    #expect(!step12)
    let step13 = machine.responseWritten(inputBuffered: true, now: 102 * Self.second)
    #expect(step13 == .lingeringClose)
    #expect(machine.phase == .lingering)
    #expect(machine.deadline == 104 * Self.second)  // lingerSeconds = 2
    #expect(machine.acceptsInput == false)
    let step14 = machine.peerClosedInput()
    #expect(step14 == .close)
  }

  @Test func closingResponseToAPeerThatClosedClosesAtOnce() {
    var machine = Self.accepted()
    machine.requestBegan(now: 101 * Self.second)
    _ = machine.responseStarted(keepAlive: false, serverDraining: false, now: 101 * Self.second)
    let step15 = machine.peerClosedInput()
    #expect(step15 == .none)  // the answer is still written
    let step16 = machine.responseWritten(inputBuffered: false, now: 102 * Self.second)
    #expect(step16 == .close)
  }

  @Test func halfClosedClientGetsItsAnswerThenTheConnectionCloses() {
    var machine = Self.accepted()
    machine.requestBegan(now: 101 * Self.second)
    let step17 = machine.peerClosedInput()
    #expect(step17 == .processInput)  // the buffered request may be complete
    let step18 = machine.responseStarted(
      keepAlive: true, serverDraining: false, now: 101 * Self.second)
    #expect(step18)
    let step19 = machine.responseWritten(inputBuffered: false, now: 102 * Self.second)
    #expect(step19 == .close)
  }

  @Test func unfinishedRequestFromAClosedPeerCloses() {
    var machine = Self.accepted()
    machine.requestBegan(now: 101 * Self.second)
    _ = machine.peerClosedInput()
    #expect(machine.inputExhausted() == .close)
  }

  @Test func parseErrorsAreAnsweredThenClosed() {
    var machine = Self.accepted()
    machine.requestBegan(now: 101 * Self.second)
    let error = RequestParseError(.badRequest, "bad")
    let step20 = machine.parseFailed(error)
    #expect(step20 == .answerErrorAndClose(.badRequest, "bad"))
    machine.errorResponseStarted(now: 101 * Self.second)
    #expect(machine.closesAfterResponse)
    let step21 = machine.responseWritten(inputBuffered: true, now: 101 * Self.second)
    #expect(step21 == .lingeringClose)
  }

  @Test func writeDeadlineIsOnInactivityMeasuredByWhatTheClientTook() {
    var machine = Self.accepted()
    machine.requestBegan(now: 101 * Self.second)
    _ = machine.responseStarted(keepAlive: true, serverDraining: false, now: 101 * Self.second)
    machine.wroteBytes(now: 105 * Self.second)
    #expect(machine.deadline == 125 * Self.second)
    let step22 = machine.deadlinePassed(now: 125 * Self.second)
    #expect(step22 == .measureWriteProgress)
    // The client took 1 000 bytes since the last check: 20 s more.
    let step23 = machine.writeProgressMeasured(taken: 1000, now: 125 * Self.second)
    #expect(step23 == .none)
    #expect(machine.deadline == 145 * Self.second)
    // Nothing more taken by the next deadline: the client is stalled.
    let step24 = machine.deadlinePassed(now: 145 * Self.second)
    #expect(step24 == .measureWriteProgress)
    let step25 = machine.writeProgressMeasured(taken: 1000, now: 145 * Self.second)
    #expect(step25 == .close)
  }

  @Test func noDeadlineWhileAPieceIsProduced() {
    var machine = Self.accepted()
    machine.requestBegan(now: 101 * Self.second)
    _ = machine.responseStarted(keepAlive: true, serverDraining: false, now: 101 * Self.second)
    machine.pieceRequested()
    #expect(machine.deadline == 0)
    let step26 = machine.deadlinePassed(now: 1000 * Self.second)
    #expect(step26 == .none)
    machine.pieceArrived(now: 200 * Self.second)
    #expect(machine.deadline == 220 * Self.second)
  }

  @Test func heavyHandlingHasNoDeadlineAndIsNotEvicted() {
    var machine = Self.accepted()
    machine.requestBegan(now: 101 * Self.second)
    machine.handlingStarted(now: 101 * Self.second)
    #expect(machine.deadline == 0)
    #expect(machine.evictableSince == 0)
    #expect(machine.evict() == .none)
    #expect(machine.acceptsInput == false)
  }

  /// Issue 31: an idle connection stays open through the drain grace (5 s by default), so a
  /// request a proxy writes onto it meanwhile is answered (with Connection: close), and closes
  /// when the grace ends with none.
  @Test func drainKeepsIdleConnectionsThroughTheGrace() {
    // Idle: parse what was read; with nothing, wait — until the grace ends at 102 + 5 s.
    var idle = Self.accepted()
    idle.requestBegan(now: 101 * Self.second)
    _ = idle.responseStarted(keepAlive: true, serverDraining: false, now: 101 * Self.second)
    _ = idle.responseWritten(inputBuffered: false, now: 101 * Self.second)
    let step27 = idle.drain(inputBuffered: false, now: 102 * Self.second)
    #expect(step27 == .processInput)
    #expect(idle.inputExhausted() == .awaitInput)
    #expect(idle.deadline == 107 * Self.second)
    let early = idle.deadlinePassed(now: 106 * Self.second)
    #expect(early == .none)
    let step28 = idle.drain(inputBuffered: false, now: 102 * Self.second)
    #expect(step28 == .none)  // once
    var graceEnds = idle
    let ended = graceEnds.deadlinePassed(now: 107 * Self.second)
    #expect(ended == .close)
    // A request within the grace is answered, and the connection closes after it.
    idle.requestBegan(now: 104 * Self.second)
    let stays = idle.responseStarted(keepAlive: true, serverDraining: true, now: 104 * Self.second)
    #expect(!stays)
    let after = idle.responseWritten(inputBuffered: false, now: 104 * Self.second)
    #expect(after == .lingeringClose)

    // An idle connection whose own timeout ends first closes then: 60 s after 101 is 161,
    // before a grace of 100 s would end.
    var limits = Self.limits()
    limits.drainGrace = 100
    var soon = ConnectionStateMachine(limits: limits, now: 100 * Self.second)
    soon.requestBegan(now: 101 * Self.second)
    _ = soon.responseStarted(keepAlive: true, serverDraining: false, now: 101 * Self.second)
    _ = soon.responseWritten(inputBuffered: false, now: 101 * Self.second)
    _ = soon.drain(inputBuffered: false, now: 102 * Self.second)
    #expect(soon.deadline == 161 * Self.second)

    // Just accepted and silent: the grace too (its header timeout, 10 s, is longer).
    var silent = Self.accepted()
    let step29 = silent.drain(inputBuffered: false, now: 100 * Self.second)
    #expect(step29 == .none)
    #expect(silent.deadline == 105 * Self.second)
  }

  /// A keep-alive response going out when the drain begins has told its client the connection
  /// stays: a proxy pools it as it reads the end and may write the next request at once. After
  /// it the connection is idle through the rest of the grace (signal at 102: until 107), the
  /// next request answered with Connection: close; a response not yet started says close.
  @Test func aResponseGoingOutWhenTheDrainBeginsLeavesTheConnectionIdle() {
    var writing = Self.accepted()
    writing.requestBegan(now: 101 * Self.second)
    let kept = writing.responseStarted(
      keepAlive: true, serverDraining: false, now: 101 * Self.second)
    #expect(kept)
    _ = writing.drain(inputBuffered: false, now: 102 * Self.second)
    let written = writing.responseWritten(inputBuffered: false, now: 103 * Self.second)
    #expect(written == .awaitInput)
    #expect(writing.deadline == 107 * Self.second)
    writing.requestBegan(now: 104 * Self.second)
    // The server's flag is not what says close: the machine's own drain state does.
    let next = writing.responseStarted(
      keepAlive: true, serverDraining: false, now: 104 * Self.second)
    #expect(!next)
    let last = writing.responseWritten(inputBuffered: false, now: 104 * Self.second)
    #expect(last == .lingeringClose)

    // Without a grace it closes after the response, as before.
    var limits = Self.limits()
    limits.drainGrace = 0
    var noGrace = ConnectionStateMachine(limits: limits, now: 100 * Self.second)
    noGrace.requestBegan(now: 101 * Self.second)
    _ = noGrace.responseStarted(keepAlive: true, serverDraining: false, now: 101 * Self.second)
    _ = noGrace.drain(inputBuffered: false, now: 102 * Self.second)
    let closes = noGrace.responseWritten(inputBuffered: false, now: 103 * Self.second)
    #expect(closes == .lingeringClose)

    // Still computing its answer: that answer says close.
    var handling = Self.accepted()
    handling.requestBegan(now: 101 * Self.second)
    handling.handlingStarted(now: 101 * Self.second)
    _ = handling.drain(inputBuffered: false, now: 102 * Self.second)
    let answer = handling.responseStarted(
      keepAlive: true, serverDraining: false, now: 103 * Self.second)
    #expect(!answer)
  }

  /// With no grace (Go's `Server.Shutdown`): idle connections close at once, and one accepted
  /// but silent gets half a second for a request a few microseconds behind.
  @Test func drainWithoutGraceClosesIdleAnswersHeldAndWaitsBrieflyForSilentNewcomers() {
    var limits = Self.limits()
    limits.drainGrace = 0
    var idle = ConnectionStateMachine(limits: limits, now: 100 * Self.second)
    idle.requestBegan(now: 101 * Self.second)
    _ = idle.responseStarted(keepAlive: true, serverDraining: false, now: 101 * Self.second)
    _ = idle.responseWritten(inputBuffered: false, now: 101 * Self.second)
    let drained = idle.drain(inputBuffered: false, now: 102 * Self.second)
    #expect(drained == .processInput)
    #expect(idle.inputExhausted() == .close)
    var silent = ConnectionStateMachine(limits: limits, now: 100 * Self.second)
    let waits = silent.drain(inputBuffered: false, now: 100 * Self.second)
    #expect(waits == .none)
    #expect(silent.deadline == 100 * Self.second + Self.second / 2)
  }

  @Test func drainAnswersHeldRequests() {

    // A request in progress is finished and answered with Connection: close.
    var busy = Self.accepted()
    busy.requestBegan(now: 101 * Self.second)
    let step30 = busy.drain(inputBuffered: true, now: 101 * Self.second)
    #expect(step30 == .none)
    let step31 = busy.responseStarted(
      keepAlive: true, serverDraining: false, now: 101 * Self.second)
    #expect(!step31)

    // Shutdown that began while a handler ran also ends the connection after its answer.
    var late = Self.accepted()
    late.requestBegan(now: 101 * Self.second)
    let step32 = late.responseStarted(keepAlive: true, serverDraining: true, now: 101 * Self.second)
    #expect(!step32)
  }

  @Test func closedMachineHasNoDeadline() {
    var machine = Self.accepted()
    machine.closed()
    #expect(machine.phase == .closed)
    #expect(machine.deadline == 0)
    #expect(machine.evictableSince == 0)
    let step33 = machine.deadlinePassed(now: UInt64.max)
    #expect(step33 == .none)
  }
}
