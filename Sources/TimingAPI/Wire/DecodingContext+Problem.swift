/// How a finished decoding becomes an answer: the problem it found, if any.
extension DecodingContext {
  /// Past the budget the decoders stopped reading, so what they found so far is not the story:
  /// the request is refused for its size (too-much-work); otherwise every problem found, in
  /// one 422 (invalid-request).
  func throwIfFailed() throws(Problem) {
    if let exhausted { throw Problem.tooMuchWork(exhausted) }
    guard problems.isEmpty else { throw Problem.invalidRequest(problems) }
  }
}
