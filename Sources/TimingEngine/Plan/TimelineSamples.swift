/// One sampled property: `values` holds `type.componentCount` numbers per sample time.
public struct TimelineColumn: Sendable {
  public let keyPath: String
  public let type: ValueType
  public var values: [Double]

  public init(keyPath: String, type: ValueType, values: [Double]) {
    self.keyPath = keyPath
    self.type = type
    self.values = values
  }
}

/// One layer's sampled outputs, in the order asked for.
public struct LayerTimeline: Sendable {
  public let name: String
  public var columns: [TimelineColumn]

  public init(name: String, columns: [TimelineColumn]) {
    self.name = name
    self.columns = columns
  }
}

/// What sampling a plan answers: the sample times and every layer's columns at them.
public struct TimelineSamples: Sendable {
  public let times: [Double]
  public var layers: [LayerTimeline]
}
