/// An action resolution the script caused, for the timeline's `actions` list.
public struct ActionRecord: Sendable {
  public let time: Double
  public let layer: String
  public let key: String
  public let resolution: ActionSearch.Resolution
  public let source: [String]
}
