import TimingEngine

extension TimelineExport {
  /// The export's bytes in `form`: Web Animations JSON, which ends with a line break like every
  /// JSON answer, or the style sheet's text.
  func bytes(_ form: Form, warnings: [SceneWarning]) -> [UInt8] {
    switch form {
    case .webAnimations:
      var json = JSONWriter(capacity: 64 * 1024)
      writeWAAPI(warnings: warnings, into: &json)
      json.lineBreak()
      return json.take()
    case .styleSheet:
      return Array(css().utf8)
    }
  }
}
