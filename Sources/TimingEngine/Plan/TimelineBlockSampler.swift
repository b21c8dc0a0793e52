/// A request's times sampled block by block, output after output (`TimelineStream`), with the
/// local times of timings several steps have (`SharedTimings`) worked out once for every block
/// and layer: the standard scene's JSON answer samples each output in blocks, layer after
/// layer, so without this each of its 4 000 steps worked its local times out again.
///
/// A block shares only when it is made of whole chunks of `TimelinePlan.columnChunk` samples
/// from the start of the times (the last may be short): then its chunks are the ones every
/// other output's blocks have, which is what `SharedTimingColumns` keys its slots by. `rows`
/// gives such blocks.
public final class TimelineBlockSampler {
  public let plan: TimelinePlan
  public let times: [Double]
  let sharing: SharedTimingColumns

  public init(plan: TimelinePlan, times: [Double]) {
    self.plan = plan
    self.times = times
    sharing = SharedTimingColumns(
      plan.sharedTimingSlots, times: times.count,
      chunk: min(times.count, TimelinePlan.columnChunk))
  }

  /// Rows per block for an output `width` numbers wide, with about `values` numbers a block: a
  /// whole number of chunks when one chunk has no more than `values` numbers, else as many as
  /// fit (such blocks do not share).
  public static func rows(values: Int, width: Int) -> Int {
    let rows = max(1, values / max(1, width))
    let chunk = TimelinePlan.columnChunk
    return rows < chunk ? rows : rows / chunk * chunk
  }

  /// The output's column at times `rows`.
  public func column(layer: Int, output: Int, of outputs: OutputPlan, rows: Range<Int>)
    -> TimelineColumn
  {
    let chunk = TimelinePlan.columnChunk
    let aligned =
      rows.lowerBound % chunk == 0 && (rows.count % chunk == 0 || rows.upperBound == times.count)
    return plan.column(
      layer: layer, output: output, of: outputs, times: Array(times[rows]),
      sharing: aligned ? SharedBlock(columns: sharing, offset: rows.lowerBound) : nil)
  }
}

/// Shared local times for a block that starts `offset` samples into the times `columns` were
/// made for.
struct SharedBlock {
  let columns: SharedTimingColumns
  let offset: Int
}
