/// One sampled property: `values` holds `type.componentCount` numbers per sample time.
public struct TimelineColumn: Sendable {
  public let keyPath: String
  public let type: ValueType
  public var values: [Double]
}

public struct LayerTimeline: Sendable {
  public let name: String
  public var columns: [TimelineColumn]
}

public struct TimelineSamples: Sendable {
  public let times: [Double]
  public var layers: [LayerTimeline]
}

/// Which key paths to sample on each layer, resolved against the plan.
public struct OutputPlan: Sendable {
  struct Output: Sendable {
    let keyPath: String
    let track: Int?
    /// The property's model value when no animation or model value put a track on this layer.
    let model: [Double]
    let part: PropertyKeyPath.Part
    let propertyType: ValueType
    let type: ValueType
  }
  let layers: [[Output]]

  /// Property-values one sample of every layer produces (the unit of the work cap).
  public var valuesPerSample: Int { layers.reduce(0) { $0 + $1.count } }
  /// Numbers one sample produces.
  public var componentsPerSample: Int {
    layers.reduce(0) { $0 + $1.reduce(0) { $0 + $1.type.componentCount } }
  }
}

extension TimelinePlan {
  public struct OutputError: Error, Sendable, Equatable {
    /// Index into the requested key paths.
    public let index: Int
    public let message: String
  }

  /// Every layer's outputs: the requested key paths, or by default each property the scene set
  /// or animates, in that order.
  public func outputs(keyPaths: [String]?) throws(OutputError) -> OutputPlan {
    guard let keyPaths else {
      return OutputPlan(
        layers: layerTracks.map { trackIndices in
          trackIndices.map { index in
            let track = tracks[index]
            return OutputPlan.Output(
              keyPath: track.property, track: index, model: track.model, part: .whole,
              propertyType: track.type, type: track.type)
          }
        })
    }
    // nil stands for the transition key, which is no property.
    var resolved: [(String, PropertyKeyPath?)] = []
    for (i, text) in keyPaths.enumerated() {
      let customType = tracks.first {
        $0.property == text.split(separator: ".").first.map(String.init)
      }?.type
      if text == "transition" {
        resolved.append((text, nil))
        continue
      }
      guard let keyPath = PropertyKeyPath.resolve(text, customType: customType) else {
        let property = String(text.split(separator: ".", maxSplits: 1).first ?? "")
        if let builtIn = LayerProperties.catalogue[property] {
          let subPaths = PropertyKeyPath.subPaths(of: builtIn.type)
          throw OutputError(
            index: i,
            message: "'\(text)' is not a key path of \(property) (\(builtIn.type))"
              + (subPaths.isEmpty
                ? "; it has no sub-paths"
                : "; its sub-paths are \(subPaths.joined(separator: ", "))"))
        }
        throw OutputError(
          index: i,
          message:
            "'\(text)' is neither a layer property nor a custom property set or animated in the scene"
        )
      }
      resolved.append((text, keyPath))
    }
    return OutputPlan(
      layers: layerTracks.indices.map { layer in
        resolved.map { text, keyPath in
          guard let keyPath else {
            let track = trackIndex(layer: layer, property: "transition")
            return OutputPlan.Output(
              keyPath: text, track: track, model: Array(repeating: .nan, count: 5), part: .whole,
              propertyType: .array(5),
              type: .array(5))
          }
          let track = trackIndex(layer: layer, property: keyPath.property)
          let model =
            track.map { tracks[$0].model } ?? LayerProperties.catalogue[keyPath.property]?
            .components
            ?? Array(repeating: 0, count: keyPath.propertyType.componentCount)
          return OutputPlan.Output(
            keyPath: text, track: track, model: model, part: keyPath.part,
            propertyType: keyPath.propertyType,
            type: keyPath.valueType)
        }
      })
  }

  /// Samples every output at every time into preallocated columns: per track, per time, the
  /// model value with each attached animation composed onto it in order (semantics.md §4).
  public func sample(times: [Double], outputs: OutputPlan) -> TimelineSamples {
    var layers: [LayerTimeline] = []
    layers.reserveCapacity(layerNames.count)
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
            full = sampleTrack(track, times: times)
            composed[track] = full
          }
        } else {
          full = repeatValue(output.model, times.count)
        }
        if case .whole = output.part {
          columns.append(TimelineColumn(keyPath: output.keyPath, type: output.type, values: full))
        } else {
          columns.append(
            TimelineColumn(
              keyPath: output.keyPath, type: output.type,
              values: extract(
                output.part, from: full, width: output.propertyType.componentCount,
                type: output.type)))
        }
      }
      layers.append(LayerTimeline(name: layerNames[layer], columns: columns))
    }
    return TimelineSamples(times: times, layers: layers)
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
  func sampleTrack(_ index: Int, times: [Double]) -> [Double] {
    let track = tracks[index]
    let width = track.type.componentCount
    let clock = clocks[track.layer]
    let model = track.model
    let count = times.count
    return [Double](unsafeUninitializedCapacity: count * width) { buffer, initialized in
      let base = buffer.baseAddress!
      if track.modelChanges.isEmpty {
        model.withUnsafeBufferPointer { m in
          for i in 0..<count {
            for c in 0..<width { base[i * width + c] = m[c] }
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
      guard !track.steps.isEmpty else { return }
      let layerTimes = times.map { clock.localTime($0) }
      withUnsafeTemporaryAllocation(of: Double.self, capacity: 32) { scratch in
        times.withUnsafeBufferPointer { timeBuffer in
          layerTimes.withUnsafeBufferPointer { layerBuffer in
            let column = Column(
              times: timeBuffer, layerTimes: layerBuffer, out: base, width: width, type: track.type,
              scratch: scratch.baseAddress!)
            for step in track.steps { step.source.apply(step, column) }
          }
        }
      }
    }
  }
}
