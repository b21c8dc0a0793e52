import Testing

/// What the work budget charges for writing contents names, which the number limit does not
/// see.
@Suite struct ContentsExportBudgetTests {
  /// 16 layers crossfading between 256-byte names, sampled 100 000 times: 4.8 million numbers,
  /// within the number limit, but ~890 MB of JSON (each sample writes both names). Refused
  /// before sampling; the same scene at 1 000 samples (~9 MB) answers.
  @Test func longContentsNamesAreCharged() throws {
    func scene(samples: Int) -> String {
      let a = String(repeating: "a", count: 256)
      let b = String(repeating: "b", count: 256)
      let layers = (0..<16).map {
        """
        {"name": "layer\($0)", "properties": {"contents": "\(a)"},
         "animations": [{"type": "basic", "keyPath": "contents", "fromValue": "\(a)",
                         "toValue": "\(b)", "duration": 1000}]}
        """
      }
      return """
        {"layers": [\(layers.joined(separator: ","))],
         "sample": {"from": 0, "to": \(Double(samples - 1) / 1000), "fps": 1000},
         "keyPaths": ["contents"]}
        """
    }
    let api = ServiceHarness()
    let huge = api.postJSON("/v1/timelines", scene(samples: 100_000))
    #expect(huge.status == 422)
    #expect(huge.text.contains("too-much-work"))
    let modest = api.postJSON("/v1/timelines", scene(samples: 1_000))
    #expect(modest.status == 200)
  }
}
