import Foundation
import TestSupport
import Testing

/// `POST /v1/tokens` over the service: a document of each dialect compiled to meanings, CSS and
/// reduced-motion variants; the style sheet; and bad documents and parameters refused with the
/// place named. Values are the documents' own (70 ms, the curves as given) and the rule's
/// (durations capped at 200 ms).
@Suite struct TokenEndpointTests {
  let api = ServiceHarness()

  static let document = #"""
    {"duration": {"$type": "duration", "fast": {"$value": {"value": 70, "unit": "ms"}},
                  "slow": {"$value": {"value": 700, "unit": "ms"}}},
     "easing": {"standard": {"$type": "cubicBezier", "$value": [0.2, 0, 0.38, 0.9]}},
     "spring": {"bouncy": {"$type": "cubicBezier", "$value": [0.3, 1.3, 0.6, 1],
       "$extensions": {"dev.animation-timing.spring": {"swiftUI": {"response": 0.5, "dampingFraction": 0.6}}}}},
     "color": {"$type": "color", "$value": "#ff0000"}}
    """#

  static func token(_ answer: RawClient.Response, _ name: String) -> [String: Any]? {
    (answer.json["tokens"] as? [[String: Any]])?.first { $0["name"] as? String == name }
  }

  @Test func aDTCGDocumentCompiled() throws {
    let answer = api.postJSON("/v1/tokens", Self.document)
    #expect(answer.status == 200, "\(answer.text)")
    #expect(answer.json["dialect"] as? String == "dtcg")
    #expect(answer.json["passedThrough"] as? Int == 1)
    let fast = try #require(Self.token(answer, "duration.fast"))
    #expect(fast["seconds"] as? Double == 0.07)
    #expect((fast["css"] as? [String: Any])?["value"] as? String == "70ms")
    let slow = try #require(Self.token(answer, "duration.slow"))
    let reduced = try #require(slow["reducedMotion"] as? [String: Any])
    #expect(reduced["seconds"] as? Double == 0.2)
    let easing = try #require(Self.token(answer, "easing.standard"))
    #expect(
      (easing["css"] as? [String: Any])?["value"] as? String == "cubic-bezier(0.2, 0, 0.38, 0.9)")
    let spring = try #require(Self.token(answer, "spring.bouncy"))
    #expect(spring["kind"] as? String == "spring")
    #expect(
      abs(((spring["spring"] as? [String: Any])?["dampingRatio"] as? Double ?? 0) - 0.6) < 1e-12)
    let css = try #require(spring["css"] as? [String: Any])
    #expect((css["value"] as? String)?.hasPrefix("linear(") == true)
    #expect((css["maxError"] as? Double ?? 1) <= 0.001)
  }

  @Test func theStyleSheet() {
    let answer = api.postJSON("/v1/tokens?format=css", Self.document)
    #expect(answer.status == 200)
    #expect(answer.header("Content-Type") == "text/css; charset=utf-8")
    #expect(answer.text.contains("  --duration-fast: 70ms;\n"))
    #expect(answer.text.contains("@media (prefers-reduced-motion: reduce) {"))
    #expect(answer.text.contains("    --duration-slow: 200ms;\n"))
    let accepted = api.postJSON("/v1/tokens", Self.document, headers: [("Accept", "text/css")])
    #expect(accepted.text == answer.text)
  }

  /// Figma's and Material's shapes are recognized without `?dialect=`.
  @Test func theDialectFromTheShape() {
    let figma = api.postJSON(
      "/v1/tokens",
      #"{"meta": {"variables": {"a": {"name": "motion/fast", "resolvedType": "TIMING", "valuesByMode": {"m": 0.15000000596046448}}}}}"#
    )
    #expect(figma.json["dialect"] as? String == "figma")
    #expect(Self.token(figma, "motion.fast")?["seconds"] as? Double == 0.15)
    let material = api.postJSON(
      "/v1/tokens", #"{"md.sys.motion.duration.medium2": "300ms"}"#)
    #expect(material.json["dialect"] as? String == "material")
  }

  @Test func badDocumentsAndParametersNameThePlace() {
    let cycle = api.postJSON(
      "/v1/tokens",
      #"{"a": {"$type": "duration", "$value": "{b}"}, "b": {"$type": "duration", "$value": "{a}"}}"#
    )
    #expect(cycle.status == 422)
    #expect(cycle.errors.first?.message.contains("a cycle of references") == true, "\(cycle.text)")
    let dialect = api.postJSON("/v1/tokens?dialect=sketch", Self.document)
    #expect(dialect.status == 422)
    #expect(dialect.text.contains("dialect"))
    let precision = api.postJSON("/v1/tokens?format=css&precision=3", Self.document)
    #expect(precision.status == 422)
    let maxError = api.postJSON("/v1/tokens?maxError=0", Self.document)
    #expect(maxError.status == 422)
  }
}

/// Hostile token documents: chains of references and of `$extends` as long as the body allows.
/// Read in document order each link is one step; a chain that runs the other way is refused at
/// a stated depth (64) instead of recursing as deep. (Answers are checked by status and a
/// message, never printed whole: they are megabytes.)
@Suite struct TokenHostileInputTests {
  let api = ServiceHarness()

  static func chain(_ count: Int, _ link: (Int) -> String) -> String {
    "{" + (0..<count).map(link).joined(separator: ",") + "}"
  }

  @Test func longChainsOfReferences() {
    // Each token names the one before it: resolved in order, one step each.
    let backward = api.postJSON(
      "/v1/tokens",
      Self.chain(3_000) {
        $0 == 0
          ? #""t0": {"$type": "duration", "$value": "1s"}"#
          : #""t\#($0)": {"$value": "{t\#($0 - 1)}"}"#
      })
    #expect(backward.status == 200)
    // Each names the one after it: the first would recurse through all of them.
    let forward = api.postJSON(
      "/v1/tokens",
      Self.chain(3_000) {
        $0 == 2_999
          ? #""t2999": {"$type": "duration", "$value": "1s"}"#
          : #""t\#($0)": {"$value": "{t\#($0 + 1)}"}"#
      })
    #expect(forward.status == 422)
    #expect(
      forward.text.contains("more than 64 references in a row"), "\(forward.text.prefix(300))")
  }

  @Test func longChainsOfExtends() {
    let backward = api.postJSON(
      "/v1/tokens",
      Self.chain(1_000) {
        $0 == 0
          ? #""g0": {"t": {"$type": "duration", "$value": "1s"}}"#
          : #""g\#($0)": {"$extends": "{g\#($0 - 1)}"}"#
      })
    #expect(backward.status == 200, "\(backward.text.prefix(300))")
    let forward = api.postJSON(
      "/v1/tokens",
      Self.chain(1_000) {
        $0 == 999
          ? #""g999": {"t": {"$type": "duration", "$value": "1s"}}"#
          : #""g\#($0)": {"$extends": "{g\#($0 + 1)}"}"#
      })
    #expect(forward.status == 422)
    #expect(forward.text.contains("more than 64 groups in a row"), "\(forward.text.prefix(300))")
  }

  /// Groups extending their own ancestor: a cycle, not a tree that doubles at every level (a
  /// 2.8 KB document of these filled 24 GB before).
  @Test func extendingAnAncestorIsACycle() {
    let children = (0..<30).map { ##""c\##($0)": {"$extends": "{g}", "x": {"$value": 1}}"## }
    let answer = api.postJSON("/v1/tokens", ##"{"g": {"## + children.joined(separator: ",") + "}}")
    #expect(answer.status == 422)
    #expect(answer.text.contains("a cycle of $extends"), "\(answer.text.prefix(300))")
    let root = api.postJSON("/v1/tokens", ##"{"a": {"$extends": "#"}, "b": {"$extends": "#"}}"##)
    #expect(root.status == 422)
  }

  /// `$ref`s to places outside tokens' values: through themselves a cycle, not a recursion
  /// until the stack runs out; many to one place resolved once.
  @Test func referencesOutsideValues() {
    for document in [
      ##"{"a": {"$ref": "#/a"}}"##, ##"{"a": {"$ref": "#/b"}, "b": {"$ref": "#/a"}}"##,
      ##"{"g": {"c": {"$ref": "#/g"}}}"##,
      ##"{"a": {"$type": "number", "$value": {"$ref": "#"}}}"##,
    ] {
      let answer = api.postJSON("/v1/tokens", document)
      #expect(answer.status == 422, "\(document): \(answer.text.prefix(300))")
    }
    // Two references a level, 22 levels: 4 million resolutions if each were resolved anew.
    var levels = (0..<22).map {
      ##""l\##($0)": [{"$ref": "#/$extensions/l\##($0 + 1)"}, {"$ref": "#/$extensions/l\##($0 + 1)"}]"##
    }
    levels.append(##""l22": 1"##)
    let fanOut = api.postJSON(
      "/v1/tokens",
      ##"{"$extensions": {"## + levels.joined(separator: ",")
        + ##"}, "n": {"$type": "number", "$value": {"$ref": "#/$extensions/l0"}}}"##)
    #expect(fanOut.status == 200, "\(fanOut.text.prefix(300))")
  }

  /// Groups that extend the same group twice at every level double their tokens each time:
  /// past `DesignTokenDocument.maxTokens` (100 000) the document is refused.
  @Test func doublingExtendsAreCapped() {
    var levels = [##""l0": {"t": {"$type": "duration", "$value": "1s"}}"##]
    for i in 1...18 {
      levels.append(
        ##""l\##(i)": {"a": {"$extends": "{l\##(i - 1)}"}, "b": {"$extends": "{l\##(i - 1)}"}}"##)
    }
    let answer = api.postJSON("/v1/tokens", "{" + levels.joined(separator: ",") + "}")
    #expect(answer.status == 422)
    #expect(answer.text.contains("more than 100000 tokens"), "\(answer.text.prefix(300))")
  }
}

/// What the attacker's pass found answered 200 but wrong: each is now a 4xx naming the place, or
/// the value it should be.
@Suite struct TokenInputRulesTests {
  let api = ServiceHarness()

  @Test func wrongValuesAreRefused() {
    for (document, pointer) in [
      // A Figma timing is a duration: not negative.
      (
        #"{"meta": {"variables": {"a": {"name": "m/d", "resolvedType": "TIMING", "valuesByMode": {"m": -1}}}}}"#,
        "/meta/variables/a/valuesByMode/m"
      ),
      // A Figma name with no segment would make the custom property `--`.
      (
        #"{"meta": {"variables": {"a": {"name": "///", "resolvedType": "TIMING", "valuesByMode": {"m": 1}}}}}"#,
        "/meta/variables/a/name"
      ),
      // A group's $root is a token.
      (#"{"g": {"$root": 5}}"#, "/g/$root"),
      // DTIF durations are within 1e9 s, as DTCG's.
      (
        #"{"$schema": "https://dtif.lapidist.net/schema/core.json", "d": {"$type": "duration", "$value": {"durationType": "css.transition-duration", "value": 1e12, "unit": "s"}}}"#,
        "/d/$value/value"
      ),
    ] {
      let answer = api.postJSON("/v1/tokens", document)
      #expect(answer.status == 422, "\(document)")
      #expect(answer.errors.map(\.pointer).contains(pointer), "\(answer.text)")
    }
    // RFC 6901: "01" names no element.
    let leadingZero = api.postJSON(
      "/v1/tokens",
      ##"{"c": {"$type": "cubicBezier", "$value": [0.1, 0.2, 0.3, 0.4]}, "n": {"$type": "number", "$value": {"$ref": "#/c/$value/01"}}}"##
    )
    #expect(leadingZero.status == 422)
  }

  /// The service's spring(…) text is a spring (CSS linear()), and a path that ends in a vertical
  /// segment reaches 1.
  @Test func springTextAndVerticalEnds() {
    let spring = api.postJSON(
      "/v1/tokens?format=css",
      #"{"s": {"$type": "cubicBezier", "$value": "spring(1, 100, 10, 0)"}}"#)
    #expect(spring.text.contains("--s: linear("), "\(spring.text)")
    let path = api.postJSON(
      "/v1/tokens?format=css", #"{"md.sys.motion.easing.hv": "M 0,0 H 1 V 1"}"#)
    #expect(path.text.contains(" 1 100%)"), "\(path.text)")
  }
}
