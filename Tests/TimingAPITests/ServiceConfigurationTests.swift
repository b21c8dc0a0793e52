import Foundation
import HTTPTransport
import Testing

@testable import TimingAPI

/// The process's configuration from flags, environment and defaults (design.md
/// "Configuration").
@Suite struct ServiceConfigurationTests {
  @Test func flagsWinOverEnvironmentOverDefaults() {
    guard
      case .run(let c) = ServiceConfiguration.parse(
        arguments: ["--port=9000", "--cors-origins", "https://a.example, https://b.example"],
        environment: [
          "PORT": "7000", "HOST": "127.0.0.1", "LOG_LEVEL": "debug", "MAX_BODY_BYTES": "2048",
        ],
        processors: 4)
    else {
      Issue.record("did not parse")
      return
    }
    #expect(c.port == 9000)
    #expect(c.host == "127.0.0.1")
    #expect(c.logLevel == .debug)
    #expect(c.limits.maxBodyBytes == 2048)
    #expect(c.workers == 8)  // twice the 4 processors
    #expect(c.api.corsOrigins == ["https://a.example", "https://b.example"])
  }

  @Test func defaults() {
    guard
      case .run(let c) = ServiceConfiguration.parse(arguments: [], environment: [:], processors: 2)
    else {
      Issue.record("did not parse")
      return
    }
    #expect(c.port == 8080)
    #expect(c.host == "0.0.0.0")
    #expect(c.api.corsOrigins == ["*"])
    #expect(c.limits.maxRequestLineBytes == 8192)
    #expect(c.limits.maxHeaderBytes == 16384)
    #expect(c.limits.maxHeaderCount == 100)
    #expect(c.limits.maxBodyBytes == 1 << 20)
    #expect(c.api.maxWorkUnits == 60_000_000)
  }

  /// docs/operations.md "Draining behind a proxy": the grace is 5 s by default and may not
  /// exceed the drain timeout, which ends the drain whatever the grace says.
  @Test func drainGraceIsAtMostTheDrainTimeout() {
    guard
      case .run(let defaults) = ServiceConfiguration.parse(
        arguments: [], environment: [:], processors: 2),
      case .run(let set) = ServiceConfiguration.parse(
        arguments: ["--drain-grace", "8"], environment: ["DRAIN_TIMEOUT": "9"], processors: 2),
      case .invalid(let message) = ServiceConfiguration.parse(
        arguments: ["--drain-grace=12"], environment: [:], processors: 2),
      case .run(let none) = ServiceConfiguration.parse(
        arguments: ["--drain-grace", "0"], environment: [:], processors: 2),
      case .invalid = ServiceConfiguration.parse(
        arguments: ["--drain-grace", "-1"], environment: [:], processors: 2)
    else {
      Issue.record("did not parse as expected")
      return
    }
    #expect(defaults.limits.drainGrace == 5 && defaults.drainTimeout == 10)
    #expect(set.limits.drainGrace == 8)
    // 0: idle connections closed at once on SIGTERM (clients that do not pool connections).
    #expect(none.limits.drainGrace == 0)
    #expect(message.hasPrefix("--drain-grace 12 must end a second before --drain-timeout 10"))
    #expect(message.hasSuffix("at most 9"))
  }

  @Test func workBudgetFromFlagOrEnvironment() {
    guard
      case .run(let fromEnvironment) = ServiceConfiguration.parse(
        arguments: [], environment: ["MAX_WORK_UNITS": "2000000"], processors: 2),
      case .run(let fromFlag) = ServiceConfiguration.parse(
        arguments: ["--max-work-units=3000000"], environment: ["MAX_WORK_UNITS": "2000000"],
        processors: 2),
      case .invalid = ServiceConfiguration.parse(
        arguments: ["--max-work-units", "-1"], environment: [:], processors: 2)
    else {
      Issue.record("did not parse")
      return
    }
    #expect(fromEnvironment.api.maxWorkUnits == 2_000_000)
    #expect(fromFlag.api.maxWorkUnits == 3_000_000)
  }

  @Test(arguments: [
    (["--port", "70000"], [String: String]()), (["--bogus"], [:]), (["--port"], [:]),
    ([], ["PORT": "x"]),
    (["--idle-timeout", "nan"], [:]), (["--log-level", "loud"], [:]), (["--workers", "0"], [:]),
  ])
  func rejects(_ arguments: [String], _ environment: [String: String]) {
    guard
      case .invalid(let message) = ServiceConfiguration.parse(
        arguments: arguments, environment: environment, processors: 2)
    else {
      Issue.record("accepted \(arguments) \(environment)")
      return
    }
    #expect(!message.isEmpty)
  }

  /// A browser's `Origin` is `scheme://host[:port]` and is compared byte for byte, so an origin
  /// without a scheme, or with a path, could never match: refused at start, naming the value
  /// and the form expected.
  @Test(arguments: [
    "example.com", "https://example.com/", "https://example.com/app", "https://", "://example.com",
    "https://example.com:", "https://example.com:99999", "https://user@example.com",
    "1http://example.com",
  ])
  func rejectsOriginsThatCanNeverMatch(_ origin: String) {
    guard
      case .invalid(let message) = ServiceConfiguration.parse(
        arguments: ["--cors-origins", "https://ok.example," + origin], environment: [:],
        processors: 1)
    else {
      Issue.record("accepted \(origin)")
      return
    }
    #expect(message.hasPrefix("--cors-origins "), "\(message)")
    #expect(message.contains("'\(origin)'"), "\(message)")
    #expect(message.contains("scheme://host[:port]"), "\(message)")
  }

  @Test func acceptsOriginsInTheBrowsersForm() {
    let origins = [
      "https://example.com", "http://localhost:3000", "http://[::1]:8080", "app+x.y://host",
    ]
    guard
      case .run(let c) = ServiceConfiguration.parse(
        arguments: [], environment: ["CORS_ORIGINS": origins.joined(separator: ",")],
        processors: 1)
    else {
      Issue.record("refused \(origins)")
      return
    }
    #expect(c.api.corsOrigins == origins)
    guard
      case .invalid(let message) = ServiceConfiguration.parse(
        arguments: [], environment: ["CORS_ORIGINS": "example.com"], processors: 1)
    else {
      Issue.record("accepted example.com from the environment")
      return
    }
    #expect(
      message.hasPrefix("CORS_ORIGINS=example.com: 'example.com' has no scheme"), "\(message)")
  }

  @Test func helpListsEveryOptionAndVariable() {
    guard
      case .help(let text) = ServiceConfiguration.parse(
        arguments: ["--help"], environment: [:], processors: 1)
    else {
      Issue.record("no help")
      return
    }
    for word in [
      "--host", "HOST", "--port", "PORT", "--max-body-bytes", "--workers", "--log-level",
      "LOG_LEVEL",
      "--cors-origins", "CORS_ORIGINS", "--healthcheck", "--version",
    ] {
      #expect(text.contains(word))
    }
  }

  /// `--version` prints the contract's `info.version`, read here from the repository's
  /// openapi.yaml with Foundation, not through the service's embedded copy.
  @Test func versionIsTheContractsVersion() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let yaml = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
    let lines = yaml.components(separatedBy: "\n")
    let info = try #require(lines.firstIndex(of: "info:"))
    let versionLine = try #require(lines[info...].first { $0.hasPrefix("  version:") })
    let version = versionLine.dropFirst("  version:".count).trimmingCharacters(in: .whitespaces)
    guard
      case .version(let text) = ServiceConfiguration.parse(
        arguments: ["--port", "1", "--version"], environment: [:], processors: 1)
    else {
      Issue.record("--version did not answer a version")
      return
    }
    #expect(text == "animation-timing \(version)\n")
    #expect(version.first?.isNumber == true, "\(version)")
  }
}
