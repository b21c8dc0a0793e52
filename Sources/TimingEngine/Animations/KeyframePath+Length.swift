extension KeyframePath {
  /// The path made ready to move along by arc length (semantics.md §3.4, paced): its segments'
  /// derivatives handed to `PacedCurve`, which integrates them once.
  var pacedCurve: PacedCurve {
    PacedCurve(
      dimensions: 2,
      derivative: segments.flatMap { segment -> [Double] in
        let (e0, e1, e2) = segment.derivativeCoefficients
        return [e0.x, e1.x, e2.x, e0.y, e1.y, e2.y]
      })
  }

  /// Each segment's arc length, exact to ~1e-13 relative (semantics.md §3.4).
  public var segmentLengths: [Double] { pacedCurve.segmentLengths }
}
