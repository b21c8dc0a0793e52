extension Interpolator {
  /// `write` for `.linear` over the `count` progress values of a column: row `shown[k]` of
  /// `out`, `width` apart, gets the value at `progress[k]` — the same operations as `write`, so
  /// the same bits, with the ends read once instead of per sample.
  @inline(__always) func writeLinear(
    _ progress: UnsafePointer<Double>, shown: UnsafePointer<Int>, count: Int,
    into out: UnsafeMutablePointer<Double>, width: Int
  ) {
    from.withUnsafeBufferPointer { f in
      delta.withUnsafeBufferPointer { d in
        to.withUnsafeBufferPointer { e in
          Self.writeLinear(
            from: f.baseAddress!, delta: d.baseAddress!, to: e.baseAddress!, components: f.count,
            progress, shown: shown, count: count, into: out, width: width)
        }
      }
    }
  }

  /// One pair of ends over a column; scalars (the common case: opacity, a width) unrolled.
  @inline(__always) static func writeLinear(
    from f: UnsafePointer<Double>, delta d: UnsafePointer<Double>, to e: UnsafePointer<Double>,
    components: Int, _ progress: UnsafePointer<Double>, shown: UnsafePointer<Int>, count: Int,
    into out: UnsafeMutablePointer<Double>, width: Int
  ) {
    if components == 1 {
      let (f0, d0, e0) = (f[0], d[0], e[0])
      for k in 0..<count {
        let p = progress[k]
        out[shown[k] * width] = p == 1 ? e0 : f0 + d0 * p
      }
      return
    }
    for k in 0..<count {
      let p = progress[k]
      let row = out + shown[k] * width
      if p == 1 {
        for c in 0..<components { row[c] = e[c] }
      } else {
        for c in 0..<components { row[c] = f[c] + d[c] * p }
      }
    }
  }
}
