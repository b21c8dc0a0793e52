import Foundation
import TestSupport
import Testing

/// A key that is valid only as a custom property but is one or two edits from a layer property
/// is accepted (Core Animation allows custom keys) with a warning naming the property, wherever a
/// key path is named: animations, model values, script changes, transactions, action lookups.
@Suite struct KeyPathSuggestionTests {
  func warnings(_ response: RawClient.Response) -> [(pointer: String, message: String)] {
    (response.json["warnings"] as? [[String: Any]] ?? []).map {
      ($0["pointer"] as? String ?? "", $0["message"] as? String ?? "")
    }
  }

  @Test func misspeltAnimationKeyPathIsACustomPropertyWithAWarning() {
    let response = ServiceHarness().postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "a", "animations": [
        {"type": "basic", "keyPath": "opacty", "fromValue": 0, "toValue": 1, "duration": 1},
        {"type": "basic", "keyPath": "progress", "fromValue": 0, "toValue": 1, "duration": 1}]}],
       "sample": {"times": [0.5]}}
      """)
    #expect(response.status == 200)
    // Still animated, as the custom property it names: halfway through a linear 0 → 1.
    let layer = (response.json["layers"] as? [String: Any])?["a"] as? [String: Any]
    #expect((layer?["opacty"] as? [Double]) == [0.5])
    let found = warnings(response)
    #expect(found.map(\.pointer) == ["/layers/0/animations/0/keyPath"])
    #expect(
      found.first?.message
        == "'opacty' is not a layer property, so it is animated as a custom property; did you mean opacity?"
    )
  }

  @Test func modelValuesScriptChangesAndTransactionsAreCheckedToo() {
    let response = ServiceHarness().postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "a", "properties": {"cornerRaduis": 4, "myValue": 1}}],
       "events": [
         {"time": 0.5, "set": [{"layer": "a", "keyPath": "backgroundColr", "value": 1}]},
         {"time": 1, "transaction": {"animationDuration": 1,
           "transactions": [{"set": [{"layer": "a", "keyPath": "shadowOpacty", "value": 1}]}]},
          "set": [{"layer": "a", "keyPath": "positon", "value": 2}]}],
       "sample": {"times": [0, 2]}}
      """)
    #expect(response.status == 200, "\(response.text.prefix(400))")
    let found = warnings(response)
    #expect(
      Set(found.map(\.pointer)) == [
        "/layers/0/properties/cornerRaduis", "/events/0/set/0/keyPath",
        "/events/1/transaction/transactions/0/set/0/keyPath", "/events/1/set/0/keyPath",
      ], "\(found)")
    let messages = found.map(\.message).joined(separator: "\n")
    for meant in ["cornerRadius", "backgroundColor", "shadowOpacity", "position"] {
      #expect(messages.contains("did you mean \(meant)?"), "\(messages)")
    }
  }

  @Test func actionLookupsWarnButKnowTheirOwnKeys() {
    let response = ServiceHarness().postJSON(
      "/v1/actions/resolve", #"{"keys": ["opacty", "onOrderIn", "sublayers", "position", "foo"]}"#)
    #expect(response.status == 200)
    let found = warnings(response)
    #expect(found.map(\.pointer) == ["/keys/0"])
    #expect(found.first?.message.hasSuffix("did you mean opacity?") == true)
    let clean = ServiceHarness().postJSON("/v1/actions/resolve", #"{"keys": ["position"]}"#)
    #expect((clean.json["warnings"] as? [Any])?.isEmpty == true)
  }

  /// A typo that cannot even be a custom property (no number values) is an error, and the error
  /// says what was probably meant.
  @Test func errorsSuggestToo() {
    let response = ServiceHarness().postJSON(
      "/v1/timelines",
      """
      {"layers": [{"name": "a", "properties": {"backgroundColr": "#ff0000"},
        "animations": [{"type": "basic", "keyPath": "opacty", "toValue": "#ff0000"}]}],
       "sample": {"times": [0]}}
      """)
    #expect(response.status == 422)
    #expect(
      Set(response.errorPointers) == [
        "/layers/0/properties/backgroundColr", "/layers/0/animations/0/keyPath",
      ])
    for error in response.errors {
      #expect(error.message.contains("did you mean"), "\(error)")
    }
  }
}
