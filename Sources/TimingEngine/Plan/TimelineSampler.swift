/// Sampling a plan: every requested output at every time, track by track, each step composed
/// onto the model value in add order (semantics.md §4). `sampleTrack` is the hot loop.
extension TimelinePlan {
  /// Samples every output at every time into preallocated columns: per track, per time, the
  /// model value with each attached animation composed onto it in order (semantics.md §4).
  public func sample(times: [Double], outputs: OutputPlan) -> TimelineSamples {
    var layers: [LayerTimeline] = []
    layers.reserveCapacity(layerNames.count)
    var clockTimes = ClockTimes(times)
    let ranges = Self.chunkRanges(times)
    let sharing = SharedTimingColumns(
      sharedTimingSlots, times: times.count, chunk: min(times.count, Self.columnChunk))
    for (layer, outputs) in outputs.layers.enumerated() {
      var columns: [TimelineColumn] = []
      columns.reserveCapacity(outputs.count)
      var composed: [Int: [Double]] = [:]
      for output in outputs {
        let full: [Double]
        if let track = output.track {
          if let cached = composed[track] {
            full = cached
          } else {
            let layerTimes =
              tracks[track].steps.isEmpty
              ? nil : clockTimes.times(on: clocks[tracks[track].layer])
            full = sampleTrack(
              track, times: times, layerTimes: layerTimes, ranges: ranges, sharing: sharing)
            composed[track] = full
          }
        } else {
          full = repeatValue(output.model, times.count)
        }
        columns.append(column(output, rows: full))
      }
      layers.append(LayerTimeline(name: layerNames[layer], columns: columns))
    }
    return TimelineSamples(times: times, layers: layers)
  }

  /// Samples per pass of `Column.apply`: 1 024 × 56 bytes of working space.
  static let columnChunk = 1_024

  /// Each chunk's earliest and latest time (`Column.range`), once for every track: a pass over
  /// the times per track was ~6 % of the standard scene's sampling.
  static func chunkRanges(_ times: [Double]) -> [ClosedRange<Double>?] {
    times.withUnsafeBufferPointer { buffer in
      stride(from: 0, to: buffer.count, by: columnChunk).map {
        Column.range(
          UnsafeBufferPointer(rebasing: buffer[$0..<min($0 + columnChunk, buffer.count)]))
      }
    }
  }

  /// An output's column from its property's rows (`sampleTrack`, or the model value repeated):
  /// the rows themselves, or the part of each that the output's key path names.
  func column(_ output: OutputPlan.Output, rows: [Double]) -> TimelineColumn {
    guard case .whole = output.part else {
      return TimelineColumn(
        keyPath: output.keyPath, type: output.type,
        values: extract(
          output.part, from: rows, width: output.propertyType.componentCount, type: output.type))
    }
    return TimelineColumn(keyPath: output.keyPath, type: output.type, values: rows)
  }

  func repeatValue(_ value: [Double], _ count: Int) -> [Double] {
    var values: [Double] = []
    values.reserveCapacity(value.count * count)
    for _ in 0..<count { values.append(contentsOf: value) }
    return values
  }

  func extract(
    _ part: PropertyKeyPath.Part, from full: [Double], width: Int, type: ValueType
  ) -> [Double] {
    let count = full.count / max(width, 1)
    let n = type.componentCount
    return [Double](unsafeUninitializedCapacity: count * n) { buffer, initialized in
      full.withUnsafeBufferPointer { source in
        for i in 0..<count {
          Composition.read(
            part, from: source.baseAddress! + i * width, into: buffer.baseAddress! + i * n)
        }
      }
      initialized = count * n
    }
  }

  /// The hot loop, step-major: the column starts as the model value at every time, then each
  /// step (in add order) composes onto every sample — the same result per sample as going
  /// sample by sample, with one dispatch per step (a switch over `ValueSource`) instead of per
  /// step and sample, and no allocation per sample.
  ///
  /// `layerTimes` are the times on the track's layer's clock, when the caller has them;
  /// `sharing` holds the local times of timings steps share, for times of which `times` start
  /// `sharingOffset` in, a whole number of its chunks in (`TimelineBlockSampler`).
  func sampleTrack(
    _ index: Int, times: [Double], layerTimes: [Double]? = nil,
    ranges: [ClosedRange<Double>?]? = nil, sharing: SharedTimingColumns? = nil,
    sharingOffset: Int = 0
  ) -> [Double] {
    let track = tracks[index]
    let width = track.type.componentCount
    let clock = clocks[track.layer]
    let model = track.model
    let count = times.count
    return [Double](unsafeUninitializedCapacity: count * width) { buffer, initialized in
      let base = buffer.baseAddress!
      if track.modelChanges.isEmpty {
        model.withUnsafeBufferPointer { m in
          if width == 1 {
            base.initialize(repeating: m[0], count: count)
          } else {
            // Component by component: `initialize(from:count:)` is a memmove call per row, for
            // 16 or 32 bytes (~5 % of the standard scene's sampling).
            for i in 0..<count {
              for c in 0..<width { (base + i * width + c).initialize(to: m[c]) }
            }
          }
        }
      } else {
        // Script changes: each sample starts from the model value in force at its time.
        for (i, t) in times.enumerated() {
          let m = track.model(at: t)
          for c in 0..<width { base[i * width + c] = m[c] }
        }
      }
      initialized = count * width
      guard !track.steps.isEmpty, count > 0 else { return }
      let layerTimes = layerTimes ?? times.map { clock.localTime($0) }
      let ranges = ranges ?? Self.chunkRanges(times)
      // Working space for `Column.apply`'s passes, one chunk of samples at a time: bounded
      // whatever the sample count, and small enough to stay in the core's cache between passes.
      let chunk = min(count, Self.columnChunk)
      let shown = UnsafeMutablePointer<Int>.allocate(capacity: chunk)
      let localTimes = UnsafeMutablePointer<LocalTime>.allocate(capacity: chunk)
      let progress = UnsafeMutablePointer<Double>.allocate(capacity: chunk)
      defer {
        shown.deallocate()
        localTimes.deallocate()
        progress.deallocate()
      }
      withUnsafeTemporaryAllocation(of: Double.self, capacity: 32) { scratch in
        times.withUnsafeBufferPointer { timeBuffer in
          layerTimes.withUnsafeBufferPointer { layerBuffer in
            for start in stride(from: 0, to: count, by: chunk) {
              let end = min(start + chunk, count)
              let chunkTimes = UnsafeBufferPointer(rebasing: timeBuffer[start..<end])
              let column = Column(
                times: chunkTimes, timeRange: ranges[start / chunk],
                layerTimes: UnsafeBufferPointer(rebasing: layerBuffer[start..<end]),
                out: base + start * width, width: width, type: track.type,
                scratch: scratch.baseAddress!, shown: shown, localTimes: localTimes,
                progress: progress)
              for (s, step) in track.steps.enumerated() {
                step.source.apply(
                  step, column,
                  shared: sharing?.column(track: index, step: s, start: sharingOffset + start))
              }
            }
          }
        }
      }
    }
  }
}
