/// What a timeline request is about: the layer trees and the names of opaque contents.
public struct Scene: Sendable {
  public var layers: [Layer] = []
  /// Contents ids: `AnimatableValue(.contents, …)` components index this table; 0 is no contents.
  public var contentsNames: [String] = [LayerProperties.noContents]
  /// Script events, applied in time order (equal times in the order given).
  public var events: [ScriptEvent] = []
  /// The screen's size in points, for the Canvas presets (◆ default 375 × 667,
  /// `CanvasSettings.defaultScreen`).
  public var screenWidth = CanvasSettings.defaultScreen.width
  public var screenHeight = CanvasSettings.defaultScreen.height
  public init() {}
}
