import Foundation
import Testing

@testable import TimingAPI

/// `GET /version` and `--version` name the contract's `info.version`.
@Suite struct VersionTests {
  /// `info.version` read from the repository's openapi.yaml with a parse of its own.
  static func contractVersion() throws -> String {
    let file = try String(
      contentsOfFile: ProtocolFeatureTests.repositoryRoot + "/openapi.yaml", encoding: .utf8)
    var inInfo = false
    for line in file.split(separator: "\n") {
      if line == "info:" { inInfo = true; continue }
      if inInfo, !line.hasPrefix(" ") { break }
      if inInfo, line.hasPrefix("  version:") {
        return line.dropFirst("  version:".count).trimmingCharacters(in: .whitespaces)
      }
    }
    throw CancellationError()
  }

  @Test func versionRoute() throws {
    let answer = ServiceHarness().get("/version")
    #expect(answer.status == 200)
    #expect(answer.header("Content-Type") == "application/json")
    #expect(answer.json["name"] as? String == "animation-timing")
    #expect(answer.json["version"] as? String == (try Self.contractVersion()))
    #expect(answer.header("Cache-Control") == "no-store")
  }

  @Test func versionFlagAgrees() throws {
    guard
      case .version(let text) = ServiceConfiguration.parse(
        arguments: ["--version"], environment: [:], processors: 2)
    else {
      Issue.record("--version did not parse as .version")
      return
    }
    #expect(text == "animation-timing \(try Self.contractVersion())\n")
  }
}
