import Foundation
import TestSupport
import Testing

@testable import TimingAPI

/// The playground at `GET /` (api.md "The playground"): its headers, that it is self-contained, that
/// every route its script calls is in the contract, and that its examples are the README's and
/// run. What it does in a browser is scripts/browser-check's part (export.md "The playground").
@Suite struct PlaygroundPageTests {
  static var page: String { String(decoding: PlaygroundPage.bytes, as: UTF8.self) }

  @Test func servedAsHTMLWithItsPolicy() throws {
    let api = ServiceHarness()
    let answer = api.get("/")
    #expect(answer.status == 200)
    #expect(answer.header("Content-Type") == "text/html; charset=utf-8")
    #expect(answer.header("X-Content-Type-Options") == "nosniff")
    #expect(answer.header("Cache-Control") == "public, max-age=3600")
    #expect(answer.body == PlaygroundPage.bytes)
    let policy = try #require(answer.header("Content-Security-Policy"))
    #expect(policy == PlaygroundPage.contentSecurityPolicy)
    // Nothing but its own blocks runs: no inline wildcard, no eval, no other origin.
    for directive in [
      "default-src 'none'", "connect-src 'self'", "img-src blob: data:", "base-uri 'none'",
      "form-action 'none'", "frame-ancestors 'none'",
    ] {
      #expect(policy.contains(directive), "\(directive)")
    }
    for loose in ["unsafe-inline", "unsafe-eval", "*", "http:", "https:"] {
      #expect(!policy.contains(loose), "\(loose)")
    }
    let tag = try #require(answer.header("ETag"))
    let again = api.get("/", headers: [("If-None-Match", tag)])
    #expect(again.status == 304)
    #expect(again.header("Cache-Control") == "public, max-age=3600")
    // A query (the self-test's, a shared link's) is the page's business, not the route's.
    #expect(api.get("/?selftest=1&example=readme-timeline").body == PlaygroundPage.bytes)
  }

  /// HEAD over a socket: GET's head (its length included), no body.
  @Test func headAnswersLikeGet() throws {
    let api = try APITestHarness()
    let get = try api.get("/")
    let head = try api.request("HEAD", "/")
    #expect(head.status == 200)
    #expect(head.body.isEmpty)
    for name in [
      "Content-Type", "Content-Length", "ETag", "Cache-Control", "Content-Security-Policy",
      "X-Content-Type-Options",
    ] {
      #expect(head.header(name) != nil && head.header(name) == get.header(name), "\(name)")
    }
  }

  /// One hash per inline block, each the block's own: every `<script` and `<style` of the page
  /// is a bare inline block (no `src`, no attributes the hashing would skip).
  @Test func policyHashesEveryInlineBlock() {
    let page = Self.page
    let policy = PlaygroundPage.contentSecurityPolicy
    for name in ["script", "style"] {
      let opened = page.components(separatedBy: "<\(name)").count - 1
      let bare = page.components(separatedBy: "<\(name)>").count - 1
      #expect(opened == bare, "every <\(name)> is a bare inline block")
      let blocks = ContentSecurityPolicy.blocks(name, in: PlaygroundPage.bytes)
      #expect(blocks.count == bare)
      #expect(blocks.count >= 1)
      let directive = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        .first { $0.hasPrefix("\(name)-src ") }
      let sources = directive.map { $0.split(separator: " ").dropFirst().map(String.init) } ?? []
      #expect(sources == blocks.map(ContentSecurityPolicy.hashSource))
    }
    // No inline event handlers or style attributes, which hashes do not allow.
    for attribute in [" onclick=", " onload=", " onerror=", " oninput=", " style="] {
      #expect(!page.contains(attribute), "\(attribute)")
    }
  }

  /// Self-contained: no URL to anywhere else, no CSS that loads anything.
  @Test func referencesNothingOutside() {
    let page = Self.page
    for external in ["http://", "https://", "url(", "@import", "src=\"//", "href=\"//"] {
      #expect(!page.contains(external), "\(external)")
    }
    // Every link and source is a path on this service (or the empty icon).
    for attribute in ["href=\"", "src=\""] {
      for piece in page.components(separatedBy: attribute).dropFirst() {
        let value = piece.prefix { $0 != "\"" }
        #expect(value.hasPrefix("/") && !value.hasPrefix("//") || value == "data:,", "\(value)")
      }
    }
  }

  /// Each `fetch(` of the script: a literal path (so none escapes this test) that the contract
  /// documents with that method, and that the service routes.
  @Test func everyFetchIsADocumentedRoute() throws {
    let calls = Self.fetchCalls(in: Self.page)
    #expect(calls.count >= 5)
    let contract = try Self.documentedOperations()
    let api = ServiceHarness()
    for call in calls {
      let template = contract.keys.first { Self.matches(call.path, template: $0) }
      let documented = try #require(template, "\(call.path) is not in openapi.yaml")
      #expect(contract[documented]?.contains(call.method) == true, "\(call.method) \(call.path)")
      let target = call.path.replacingOccurrences(of: "${type}", with: "bounceLeft")
        .replacingOccurrences(of: "${curve}", with: "easeIn")
      let answer =
        call.method == "POST"
        ? api.postJSON(target, Self.examples[0].text) : api.get(target)
      #expect(answer.status != 404 && answer.status != 405, "\(call.method) \(target)")
    }
  }

  /// The README's scene bodies (`-d '…'` to /v1/timelines and /v1/actions/resolve) are the
  /// page's examples, word for word up to white space, and each runs: a timeline as JSON, plot
  /// and export, an action search.
  @Test func examplesAreTheREADMEsAndRun() throws {
    let readme = try String(
      contentsOfFile: ProtocolFeatureTests.repositoryRoot + "/README.md", encoding: .utf8)
    let squeezed = { (text: String) in text.filter { !$0.isWhitespace } }
    let examples = Self.examples
    let bodies = Self.readmeBodies(readme)
    #expect(bodies.count >= 6)
    for body in bodies {
      #expect(examples.contains { squeezed($0.text) == squeezed(body) }, "\(body.prefix(80))")
    }
    #expect(examples.count == bodies.count)
    let api = ServiceHarness()
    for example in examples {
      if example.route == "actions" {
        #expect(api.postJSON("/v1/actions/resolve", example.text).status == 200)
        continue
      }
      for target in ["/v1/timelines", "/v1/timelines?format=svg", "/v1/timelines?format=waapi"] {
        let answer = api.postJSON(target, example.text)
        #expect(answer.status == 200, "\(example.id) \(target): \(answer.text.prefix(300))")
      }
    }
  }

  /// A Canvas preset as the page writes it (a view running it) plays for every preset: a
  /// timeline and an export, with no problem to show.
  @Test func everyPresetSceneRuns() throws {
    let page = Self.page
    let start = try #require(page.range(of: "function presetScene(type) {\n  return `"))
    let end = try #require(page.range(of: "`;", range: start.upperBound..<page.endIndex))
    let template = String(page[start.upperBound..<end.lowerBound])
    let api = ServiceHarness()
    let presets = api.get("/v1/presets").json["presets"] as? [[String: Any]] ?? []
    #expect(presets.count == 29)
    for preset in presets {
      let type = try #require(preset["type"] as? String)
      let scene = template.replacingOccurrences(
        of: "${JSON.stringify(type)}", with: "\"\(type)\"")
      for target in ["/v1/timelines", "/v1/timelines?format=waapi"] {
        let answer = api.postJSON(target, scene)
        #expect(answer.status == 200, "\(type) \(target)")
        #expect((answer.json["warnings"] as? [Any])?.isEmpty == true, "\(type) \(target)")
      }
    }
  }

  // MARK: reading the page and the contract

  struct Example {
    let id: String
    let route: String
    let text: String
  }

  /// README_EXAMPLES' entries: `{id: "…", title: "…", route: "…", text: `…`}`.
  static var examples: [Example] {
    var found: [Example] = []
    for piece in page.components(separatedBy: "{id: \"").dropFirst() {
      let id = String(piece.prefix { $0 != "\"" })
      guard let route = piece.components(separatedBy: "route: \"").dropFirst().first,
        let text = piece.components(separatedBy: "text: `").dropFirst().first
      else { continue }
      found.append(
        Example(
          id: id, route: String(route.prefix { $0 != "\"" }),
          text: String(text.prefix { $0 != "`" })))
    }
    return found
  }

  /// The `-d '…'` bodies of the README's curl commands to the two scene routes.
  static func readmeBodies(_ readme: String) -> [String] {
    var bodies: [String] = []
    for command in readme.components(separatedBy: "curl -s").dropFirst() {
      let line = command.prefix { $0 != "\n" }
      guard line.contains("/v1/timelines") || line.contains("/v1/actions/resolve"),
        let body = command.components(separatedBy: "-d '").dropFirst().first
      else { continue }
      bodies.append(String(body.prefix { $0 != "'" }))
    }
    return bodies
  }

  struct FetchCall {
    let method: String
    let path: String
  }

  /// Each `fetch(` with its literal first argument and its method: POST when its options are
  /// the script's `post(…)`. A call whose path is not a literal is recorded with an empty path,
  /// which no template matches.
  static func fetchCalls(in page: String) -> [FetchCall] {
    var calls: [FetchCall] = []
    for piece in page.components(separatedBy: "fetch(").dropFirst() {
      guard let quote = piece.first, "\"`'".contains(quote) else {
        calls.append(FetchCall(method: "GET", path: ""))
        continue
      }
      let path = String(piece.dropFirst().prefix { $0 != quote })
      let rest = piece.dropFirst(path.count + 2).prefix { $0 != "\n" }
      let method = rest.hasPrefix(", post(") ? "POST" : "GET"
      calls.append(FetchCall(method: method, path: path))
    }
    return calls
  }

  /// Whether a path (query removed; `${…}` a parameter) fits an OpenAPI path template.
  static func matches(_ path: String, template: String) -> Bool {
    let route = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
    guard route.hasPrefix("/") else { return false }
    let got = route.split(separator: "/", omittingEmptySubsequences: false)
    let want = template.split(separator: "/", omittingEmptySubsequences: false)
    guard got.count == want.count else { return false }
    return zip(got, want).allSatisfy { segment, pattern in
      pattern.hasPrefix("{") ? !segment.isEmpty : segment == pattern
    }
  }

  /// openapi.yaml's paths and their methods, read line by line as ProtocolFeatureTests does.
  static func documentedOperations() throws -> [String: Set<String>] {
    let file = try String(
      contentsOfFile: ProtocolFeatureTests.repositoryRoot + "/openapi.yaml", encoding: .utf8)
    var operations: [String: Set<String>] = [:]
    var current: String?
    for line in file.split(separator: "\n") {
      if line.hasPrefix("  /"), line.hasSuffix(":") {
        current = String(line.dropFirst(2).dropLast())
        operations[current!] = []
      } else if line.hasPrefix("components:") {
        current = nil
      } else if let path = current, line.hasPrefix("    "), !line.hasPrefix("     "),
        line.hasSuffix(":")
      {
        operations[path]?.insert(line.trimmingCharacters(in: .whitespaces).dropLast().uppercased())
      }
    }
    return operations
  }
}
