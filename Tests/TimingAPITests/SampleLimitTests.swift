import Testing

@testable import TimingAPI

/// The sample limit of one timeline (`--max-samples`, README "Limits"): both ends of a range are
/// counted, and a refusal says how many samples the request makes and what the limit is.
@Suite struct SampleLimitTests {
  static let scene = #"{"layers": [{"name": "a", "properties": {"opacity": 1}}], "#

  /// 0 to 100 s at 1000 fps is 100 × 1000 intervals, so 100 001 times with both ends: one past
  /// the default 100 000.
  @Test func aRangeOnePastTheLimitSaysSo() {
    let api = ServiceHarness()
    let response = api.postJSON(
      "/v1/timelines", Self.scene + #""sample": {"from": 0, "to": 100, "fps": 1000}}"#)
    #expect(response.status == 422)
    #expect(response.errorPointers == ["/sample"])
    let message = response.errors.first?.message ?? ""
    #expect(message.contains("the request makes 100001 samples"), "\(message)")
    #expect(message.contains("both ends counted"), "\(message)")
    #expect(message.contains("the limit is 100000 (--max-samples)"), "\(message)")
    // 99.999 s at 1000 fps is exactly the limit.
    let atLimit = api.postJSON(
      "/v1/timelines",
      Self.scene + #""sample": {"from": 0, "to": 99.999, "fps": 1000}, "keyPaths": ["opacity"]}"#)
    #expect(atLimit.status == 200)
    #expect((atLimit.json["times"] as? [Any])?.count == 100_000)
  }

  @Test func theLimitIsConfigurable() {
    var configuration = APIConfiguration()
    configuration.maxSamples = 200_000
    let api = ServiceHarness(configuration: configuration)
    let response = api.postJSON(
      "/v1/timelines",
      Self.scene + #""sample": {"from": 0, "to": 100, "fps": 1000}, "keyPaths": ["opacity"]}"#)
    #expect(response.status == 200)
    #expect((response.json["times"] as? [Any])?.count == 100_001)

    configuration.maxSamples = 3
    let small = ServiceHarness(configuration: configuration).postJSON(
      "/v1/timelines", Self.scene + #""sample": {"times": [0, 1, 2, 3]}}"#)
    #expect(small.status == 422)
    #expect(small.errorPointers == ["/sample/times"])
    #expect(
      small.errors.first?.message == "the request makes 4 samples; the limit is 3 (--max-samples)")
  }

  @Test func theFlagSetsIt() {
    guard
      case .run(let fromFlag) = ServiceConfiguration.parse(
        arguments: ["--max-samples", "250000"], environment: [:], processors: 1),
      case .run(let fromEnvironment) = ServiceConfiguration.parse(
        arguments: [], environment: ["MAX_SAMPLES": "7"], processors: 1),
      case .run(let byDefault) = ServiceConfiguration.parse(
        arguments: [], environment: [:], processors: 1),
      case .invalid = ServiceConfiguration.parse(
        arguments: ["--max-samples", "0"], environment: [:], processors: 1),
      case .help(let help) = ServiceConfiguration.parse(
        arguments: ["--help"], environment: [:], processors: 1)
    else {
      Issue.record("--max-samples did not parse as expected")
      return
    }
    #expect(fromFlag.api.maxSamples == 250_000)
    #expect(fromEnvironment.api.maxSamples == 7)
    #expect(byDefault.api.maxSamples == 100_000)
    #expect(help.contains("--max-samples") && help.contains("MAX_SAMPLES"))
  }
}
