import Synchronization

/// How far a streamed body's producer is ahead of the socket, as the pool thread making its
/// pieces can see it: the connection's unsent bytes as of its last write, plus the pieces handed
/// to the loop that it has not queued yet. With it the producer applies the streaming rule
/// itself — the next piece is made once less than `ResponseStream.lowWater` bytes of the
/// previous ones are unsent — and goes on to the next piece without waiting to be asked.
///
/// Never less than the truth: the loop publishes its unsent count (which then includes a piece)
/// before it takes that piece out of `inFlight`, and `bytes` reads `inFlight` first, so a piece
/// in the middle of that handover is counted once or twice, never missed.
struct StreamBacklog: ~Copyable {
  private let unsent = Atomic<Int>(0)
  private let inFlight = Atomic<Int>(0)

  /// On the loop, after each write: what is left unsent.
  func wrote(leaving unsentBytes: Int) {
    unsent.store(unsentBytes, ordering: .sequentiallyConsistent)
  }

  /// On the pool: a piece of `count` bytes is on its way to the loop.
  func handedOver(_ count: Int) {
    inFlight.add(count, ordering: .sequentiallyConsistent)
  }

  /// On the loop: a piece handed over is queued, and `wrote` has been called since.
  func queued(_ count: Int) {
    inFlight.subtract(count, ordering: .sequentiallyConsistent)
  }

  /// On the loop, when the connection closes: the producer sees a full backlog and stops at the
  /// piece it is making (without this it went on until the pieces the closed connection dropped
  /// reached `lowWater`, one piece more).
  func stop() {
    unsent.store(Int.max / 2, ordering: .sequentiallyConsistent)
  }

  /// On the pool: bytes handed over and not yet taken by the socket.
  var bytes: Int {
    let onTheWay = inFlight.load(ordering: .sequentiallyConsistent)
    return onTheWay + unsent.load(ordering: .sequentiallyConsistent)
  }
}
