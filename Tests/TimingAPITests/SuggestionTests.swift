import Foundation
import Testing
import TimingEngine

/// "Did you mean …?" wherever a name is unknown (api.md "Errors"): members of any object,
/// closed sets of values, timing-function names in bodies and paths, spring APIs and their
/// parameters, key paths and query parameters — in process. Each expected message is the
/// service's wording of its rule: what was given, what is accepted (listed as the contract
/// lists it), and the name meant.
@Suite struct SuggestionTests {
  let api = ServiceHarness()

  func scene(animation: String) -> String {
    #"{"layers": [{"name": "a", "animations": [\#(animation)]}], "sample": {"times": [0]}}"#
  }

  /// `{"type": "basci", …, "durration": 1}`: both the type and the member are reported, each
  /// with what was meant. The member is checked against every type's members, since the type
  /// is unknown.
  @Test func unknownTypeAndUnknownMemberAreBothReported() throws {
    let response = api.postJSON(
      "/v1/timelines",
      scene(
        animation:
          #"{"type": "basci", "keyPath": "opacity", "toValue": 1, "durration": 1}"#))
    #expect(response.status == 422)
    let errors = Dictionary(uniqueKeysWithValues: response.errors.map { ($0.pointer, $0.message) })
    #expect(
      errors["/layers/0/animations/0/type"]
        == "'basci' is not one of basic, group, keyframe, spring, transition; did you mean basic?")
    let member = try #require(errors["/layers/0/animations/0/durration"])
    #expect(member.hasPrefix("unknown member; expected one of "))
    #expect(member.hasSuffix("; did you mean duration?"))
    #expect(errors.count == 2, "\(errors)")
  }

  /// A known type: its own members are the ones suggested.
  @Test func unknownMemberOfAKnownType() throws {
    let response = api.postJSON(
      "/v1/timelines",
      scene(animation: #"{"type": "basic", "keyPath": "opacity", "toValu": 1, "Duration": 1}"#))
    #expect(response.status == 422)
    let errors = Dictionary(uniqueKeysWithValues: response.errors.map { ($0.pointer, $0.message) })
    #expect(errors["/layers/0/animations/0/toValu"]?.hasSuffix("; did you mean toValue?") == true)
    // A case-insensitive match is always the one suggested.
    #expect(
      errors["/layers/0/animations/0/Duration"]?.hasSuffix("; did you mean duration?") == true)
  }

  /// `easeInOut` is no name, but it is CSS's `ease-in-out` without its dashes: the Core
  /// Animation name of that curve is suggested, in a body and in a path (404 there).
  @Test func easeInOutSuggestsEaseInEaseOut() throws {
    let timeline = api.postJSON(
      "/v1/timelines",
      scene(
        animation:
          #"{"type": "basic", "keyPath": "opacity", "toValue": 1, "timingFunction": "easeInOut"}"#
      ))
    #expect(timeline.status == 422)
    #expect(timeline.errors.map(\.pointer) == ["/layers/0/animations/0/timingFunction"])
    #expect(timeline.errors.first?.message.hasPrefix("unknown timing function 'easeInOut'") == true)
    #expect(timeline.errors.first?.message.hasSuffix("; did you mean easeInEaseOut?") == true)

    let named = api.postJSON(
      "/v1/timing-functions/evaluate", #"{"function": {"name": "easeInOut"}, "x": [0.5]}"#)
    #expect(named.status == 422)
    #expect(
      named.errors.first?.message
        == "unknown name 'easeInOut': use linear, easeIn, easeOut, easeInEaseOut or default; did you mean easeInEaseOut?"
    )

    let path = api.get("/v1/timing-functions/easeInOut")
    #expect(path.status == 404)
    #expect(path.problemType == "unknown-timing-function")
    #expect((path.json["detail"] as? String)?.hasSuffix("; did you mean easeInEaseOut?") == true)
    // A misspelt functional form suggests the form.
    let form = api.get("/v1/timing-functions/cubic-bezeir(0,0,1,1)")
    #expect(form.status == 404)
    #expect((form.json["detail"] as? String)?.hasSuffix("; did you mean cubic-bezier()?") == true)
  }

  /// `dampingfraction` in SwiftUI's spring, `swiftUi` as the API: each suggests its name,
  /// listed as docs/springs.md's table lists the API's parameters.
  @Test func springParametersAndAPIs() throws {
    let parameter = api.postJSON("/v1/springs", #"{"swiftUI": {"dampingfraction": 0.8}}"#)
    #expect(parameter.status == 422)
    #expect(parameter.errors.map(\.pointer) == ["/swiftUI/dampingfraction"])
    #expect(
      parameter.errors.first?.message
        == "not a parameter of swiftUI; expected response, dampingFraction, initialVelocity; did you mean dampingFraction?"
    )
    let apiName = api.postJSON("/v1/springs", #"{"swiftUi": {"response": 0.5}}"#)
    #expect(apiName.status == 422)
    let message = try #require(
      apiName.errors.first { $0.pointer == "/swiftUi" }?.message)
    #expect(message.hasPrefix("unknown member; expected one spring API (coreAnimation, "))
    #expect(message.hasSuffix(", compose) or distance; did you mean swiftUI?"))
  }

  /// `transform.rotation.y` as a model value: a key path, which `properties` does not take
  /// (semantics.md §3.1: it sets whole values); the message says what to do instead. A
  /// misspelt one says what was meant.
  @Test func aKeyPathInProperties() throws {
    let response = api.postJSON(
      "/v1/timelines",
      #"""
      {"layers": [{"name": "a", "properties": {"transform.rotation.y": 0.5,
        "trasnform.rotation.y": 0.5, "my.value": 1}}], "sample": {"times": [0]}}
      """#)
    #expect(response.status == 422)
    let errors = Dictionary(uniqueKeysWithValues: response.errors.map { ($0.pointer, $0.message) })
    let exact = try #require(errors["/layers/0/properties/transform.rotation.y"])
    #expect(exact.hasPrefix("'transform.rotation.y' is a key path, not a property: "))
    #expect(exact.contains("set the whole transform here"))
    #expect(exact.contains("or animate transform.rotation.y"))
    let misspelt = try #require(errors["/layers/0/properties/trasnform.rotation.y"])
    #expect(
      misspelt.hasPrefix(
        "'trasnform.rotation.y' is a key path (did you mean transform.rotation.y?), not a property"
      ))
    let custom = try #require(errors["/layers/0/properties/my.value"])
    #expect(custom.hasPrefix("'my.value' is not a property: a property name is a non-empty"))
  }

  /// A sub-path that is not one: the nearest sub-path, in an animation's keyPath and in the
  /// answer's keyPaths.
  @Test func subPathsSuggestTheirNearest() throws {
    let animation = api.postJSON(
      "/v1/timelines",
      scene(animation: #"{"type": "basic", "keyPath": "transform.rotaton.y", "toValue": 1}"#))
    #expect(animation.status == 422)
    #expect(
      animation.errors.first?.message.hasSuffix("; did you mean transform.rotation.y?") == true,
      "\(animation.errors)")
    let sampled = api.postJSON(
      "/v1/timelines",
      #"{"layers": [{"name": "a"}], "sample": {"times": [0]}, "keyPaths": ["opacty", "position.z"]}"#
    )
    #expect(sampled.status == 422)
    #expect(
      sampled.errors.first?.message
        == "'opacty' is neither a layer property nor a custom property set or animated in the scene; did you mean opacity?"
    )
  }

  /// A query parameter one edit off.
  @Test func queryParameters() throws {
    let response = api.get("/v1/timing-functions/easeIn?sampels=5")
    #expect(response.status == 422)
    #expect(response.errorParameters == ["sampels"])
    let message = response.errors.first?.message ?? ""
    #expect(message.hasSuffix("; did you mean samples?"), "\(message)")
  }

  /// Nothing is suggested for a name far from every one, a long one, or a short one more than
  /// a case change away.
  @Test func noSuggestionForGarbage() throws {
    let long = String(repeating: "durationx", count: 30)
    for name in ["colour", long, "z", "qq"] {
      let response = api.postJSON(
        "/v1/timelines",
        scene(animation: #"{"type": "basic", "keyPath": "opacity", "\#(name)": 1}"#))
      #expect(response.status == 422)
      #expect(response.errors.first?.message.contains("did you mean") == false, "\(name)")
    }
  }
}
