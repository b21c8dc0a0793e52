/// The key paths a request asks for, resolved against the plan into an `OutputPlan`, or refused
/// with a message that names what the property does have.
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
              keyPath: track.property, track: index, model: track.model,
              resting: track.currentModel, part: .whole,
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
        let hint =
          PropertyKeyPath.suggestion(for: text, customProperties: Set(tracks.map(\.property)))
          .map { "; did you mean \($0)?" } ?? ""
        if let builtIn = LayerProperties.catalogue[property] {
          let subPaths = PropertyKeyPath.subPaths(of: builtIn.type)
          throw OutputError(
            index: i,
            message: "'\(text)' is not a key path of \(property) (\(builtIn.type))"
              + (subPaths.isEmpty
                ? "; it has no sub-paths"
                : "; its sub-paths are \(subPaths.joined(separator: ", "))") + hint)
        }
        throw OutputError(
          index: i,
          message:
            "'\(text)' is neither a layer property nor a custom property set or animated in the scene"
            + hint)
      }
      resolved.append((text, keyPath))
    }
    return OutputPlan(
      layers: layerTracks.indices.map { layer in
        resolved.map { text, keyPath in
          guard let keyPath else {
            let track = trackIndex(layer: layer, property: "transition")
            return OutputPlan.Output(
              keyPath: text, track: track, model: Array(repeating: .nan, count: 5),
              resting: Array(repeating: .nan, count: 5), part: .whole,
              propertyType: .array(5),
              type: .array(5))
          }
          let track = trackIndex(layer: layer, property: keyPath.property)
          let model =
            track.map { tracks[$0].model } ?? LayerProperties.catalogue[keyPath.property]?
            .components
            ?? Array(repeating: 0, count: keyPath.propertyType.componentCount)
          return OutputPlan.Output(
            keyPath: text, track: track, model: model,
            resting: track.map { tracks[$0].currentModel } ?? model, part: keyPath.part,
            propertyType: keyPath.propertyType,
            type: keyPath.valueType)
        }
      })
  }
}

extension TimelinePlan {
  /// The layer's superlayer, by index; nil for a layer at the top of the tree (each layer's
  /// clock holds every level above it, its superlayer's last).
  public func superlayer(of layer: Int) -> Int? {
    let levels = clocks[layer].levels
    return levels.count > 1 ? levels[levels.count - 2].layer : nil
  }
}
