/// Sampling one output over a block of times, for answers streamed piece by piece: a large
/// timeline is sampled and encoded a few thousand values at a time instead of whole, so memory
/// holds one block however many samples were asked for. The values are the same as `sample`'s,
/// whatever block a sample falls in (`TimelineBlockSampler` shares what blocks have in common).
extension TimelinePlan {
  /// The output's column at `times`.
  public func column(layer: Int, output: Int, of outputs: OutputPlan, times: [Double])
    -> TimelineColumn
  {
    let spec = outputs.layers[layer][output]
    return column(
      spec,
      rows: spec.track.map { sampleTrack($0, times: times) }
        ?? repeatValue(spec.model, times.count))
  }
}

extension OutputPlan {
  /// Layers, in the plan's order.
  public var layerCount: Int { layers.count }

  /// Outputs of one layer.
  public func outputCount(layer: Int) -> Int { layers[layer].count }

  /// The key path an output answers for, as requested.
  public func keyPath(layer: Int, output: Int) -> String { layers[layer][output].keyPath }

  /// The type of an output's values.
  public func type(layer: Int, output: Int) -> ValueType { layers[layer][output].type }
}
