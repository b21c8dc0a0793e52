/// A request's times sampled block by block, output after output (`TimelineStream`), with what
/// the blocks have in common worked out once: the local times of timings several steps have
/// (`SharedTimings`) for every block and layer, each chunk's time range for the request, and a
/// block's times on each layer clock for the outputs that sample that block one after another.
/// The standard scene's JSON answer samples each of its 4 000 outputs as one block of 600
/// times, layer after layer; without this each output worked its local times, its clock's
/// times and its chunk's range out again.
///
/// A block shares local times and ranges only when it is made of whole chunks of
/// `TimelinePlan.columnChunk` samples from the start of the times (the last may be short): then
/// its chunks are the ones every other output's blocks have, which is what
/// `SharedTimingColumns` keys its slots by. `rows` gives such blocks.
public final class TimelineBlockSampler {
  public let plan: TimelinePlan
  public let times: [Double]
  let sharing: SharedTimingColumns
  /// Each chunk's earliest and latest time (`Column.range`), for aligned blocks.
  private let ranges: [ClosedRange<Double>?]
  /// The last block's rows, and its times mapped by the layer clocks asked for so far (the
  /// last one kept, `ClockTimes`).
  private var block: (rows: Range<Int>, clockTimes: ClockTimes)?

  public init(plan: TimelinePlan, times: [Double]) {
    self.plan = plan
    self.times = times
    sharing = SharedTimingColumns(
      plan.sharedTimingSlots, times: times.count,
      chunk: min(times.count, TimelinePlan.columnChunk))
    ranges = TimelinePlan.chunkRanges(times)
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
    let spec = outputs.layers[layer][output]
    if block?.rows != rows { block = (rows, ClockTimes(Array(times[rows]))) }
    guard let track = spec.track else {
      return plan.column(spec, rows: plan.repeatValue(spec.model, rows.count))
    }
    let chunk = TimelinePlan.columnChunk
    let aligned =
      rows.lowerBound % chunk == 0 && (rows.count % chunk == 0 || rows.upperBound == times.count)
    let steps = !plan.tracks[track].steps.isEmpty
    let layerTimes =
      steps ? block!.clockTimes.times(on: plan.clocks[plan.tracks[track].layer]) : nil
    let first = rows.lowerBound / chunk
    let values = plan.sampleTrack(
      track, times: block!.clockTimes.times, layerTimes: layerTimes,
      ranges: aligned && steps
        ? Array(ranges[first..<min(ranges.count, first + (rows.count + chunk - 1) / chunk)])
        : nil,
      sharing: aligned ? sharing : nil, sharingOffset: rows.lowerBound)
    return plan.column(spec, rows: values)
  }
}
