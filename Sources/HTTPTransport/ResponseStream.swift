/// A response body produced piece by piece as the client takes it, for answers too large to
/// hold whole (a timeline can be tens of MB). The next piece is made only when less than
/// `ResponseStream.lowWater` bytes of the previous ones are unsent (the producer checks as it
/// finishes each piece and goes on by itself, `StreamBacklog`), so one streamed answer holds
/// less than `lowWater` plus two pieces unsent (about 1.25 MB with 512 KiB pieces) however large
/// it is and however slowly it is read. It is sent with
/// chunked transfer coding (close-delimited to HTTP/1.0 clients).
///
/// Pieces are produced on the heavy-work pool, one at a time per stream, which is what makes
/// the unchecked `Sendable` sound: `produce` is never called concurrently with itself.
public final class ResponseStream: @unchecked Sendable {
  /// Unsent bytes below which the next piece is asked for.
  public static let lowWater = 256 * 1024

  private let produce: (inout [UInt8]) -> Bool
  private var finished = false
  /// Memory the stream holds while open besides its pieces (the plan it samples from): counted
  /// with the connection's unsent bytes against the server's buffered-bytes budget, so that
  /// many slow readers of large answers make the server shed load instead of holding a plan
  /// for each of them without bound.
  public let reservedBytes: Int

  /// `produce` appends the next piece (ideally 64 KiB to 1 MiB) and returns whether more
  /// follow; it is not called again once it has returned false.
  public init(reservedBytes: Int = 0, _ produce: @escaping (inout [UInt8]) -> Bool) {
    self.reservedBytes = max(0, reservedBytes)
    self.produce = produce
  }

  /// The next piece, and whether another follows. Public so that a wrapper can transform a
  /// stream piece by piece (the API's compression); called by one reader only, one piece at a
  /// time, like `produce`.
  public func next() -> (piece: [UInt8], more: Bool) {
    guard !finished else { return ([], false) }
    var piece: [UInt8] = []
    let more = produce(&piece)
    finished = !more
    return (piece, more)
  }

  /// The whole body at once, for callers in the same process (tests, the benchmark).
  public func collect() -> [UInt8] {
    var body: [UInt8] = []
    while true {
      let (piece, more) = next()
      body += piece
      if !more { return body }
    }
  }
}
