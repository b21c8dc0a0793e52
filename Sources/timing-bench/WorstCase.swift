import HTTPTransport
import TimingAPI
import TimingEngine

#if canImport(Glibc)
  import Glibc
#endif

/// `timing-bench worst-case [name…]`: the slowest requests we could build within the body cap
/// (1 MiB), each sent once through `TimingService.handle` in this process with the default
/// configuration, with the CPU time it took and what it answered. The default work budget is
/// calibrated against this table (docs/performance.md, "Work budget").
enum WorstCase {
  struct Input: Sendable {
    let name: String
    let method: HTTPMethod
    let target: String
    let body: @Sendable () -> String
  }

  static let bodyCap = 1 << 20

  static func post(
    _ name: String, _ target: String = "/v1/timelines", _ body: @escaping @Sendable () -> String
  )
    -> Input
  {
    Input(name: name, method: .post, target: target, body: body)
  }

  static func get(_ name: String, _ target: String) -> Input {
    Input(name: name, method: .get, target: target, body: { "" })
  }

  /// `{"time": t, …}` events joined into a scene with one layer.
  static func scene(
    layers: String, events: [String] = [], sample: String, keyPaths: [String]? = nil
  ) -> String {
    var text = "{\"layers\":[\(layers)]"
    if !events.isEmpty { text += ",\"events\":[\(events.joined(separator: ","))]" }
    text += ",\"sample\":\(sample)"
    if let keyPaths {
      text += ",\"keyPaths\":[\(keyPaths.map { "\"\($0)\"" }.joined(separator: ","))]"
    }
    return text + "}"
  }

  /// One layer and `count` script events (`event(i)`) on `keyPath`, sampled at `sample`.
  static func changes(
    _ count: Int, layer: String, sample: String, keyPath: String, _ event: (Int) -> String
  ) -> String {
    scene(layers: layer, events: (0..<count).map(event), sample: sample, keyPaths: [keyPath])
  }

  /// `count` samples over 1.5 s of an underdamped spring (ζ 0.4, ω₀ 18) in pixels, with a
  /// deterministic wobble standing for noise.
  static func fitSamples(_ count: Int) -> String {
    let samples = (0..<count).map { i -> String in
      let t = Double(i) * 1.5 / Double(count)
      let wd = 18 * (1 - 0.16).squareRoot()
      let y = 1 - exp(-0.4 * 18 * t) * (cos(wd * t) + 0.4 * 18 / wd * sin(wd * t))
      return "[\(t), \(300 * y + 0.5 * sin(Double(i) * 12.9898))]"
    }
    return #"{"samples": [\#(samples.joined(separator: ","))], "from": 0, "to": 300, "noise": 0.5}"#
  }

  /// `count` samples of the first 0.03 s of a critically damped spring (ω₀ 6: 2 % of its
  /// motion) with a deterministic wobble of 1 % of the distance: the data determine none of ζ,
  /// ω₀ and v₀.
  static func shortClip(_ count: Int) -> String {
    let samples = (0..<count).map { i -> String in
      let t = Double(i) * 0.03 / Double(count - 1)
      let y = 1 - (1 + 6 * t) * exp(-6 * t)
      return "[\(t), \(y + 0.01 * sin(Double(i) * 12.9898))]"
    }
    return #"{"samples": [\#(samples.joined(separator: ","))], "from": 0, "to": 1, "noise": 0.01}"#
  }

  /// A Lottie document: `layers` null layers each moving along `keyframes` position keyframes
  /// (spatial tangents off the line, eased, handles outside the unit square so the lint's
  /// easing rule applies too), in the root composition — or, with `shown` > 0, in a
  /// precomposition shown by that many layers.
  static func lottie(
    layers: Int, shown: Int, keyframes: Int, spatial: Bool, expression: Bool = false,
    scale: Double = 1, spacing: Int = 1, autoOrient: Bool = false
  ) -> String {
    let moves = (0..<keyframes).map { k -> String in
      let x = Double(k % 7) * 40 * scale
      let y = Double(k % 5) * 30 * scale
      let tangents =
        spatial
        ? #", "to": [\#(30 * scale), \#(-20 * scale)], "ti": [\#(-25 * scale), \#(35 * scale)]"#
        : ""
      return
        #"{"t": \#(k * spacing), "s": [\#(x), \#(y)], "o": {"x": -0.2, "y": 0}, "i": {"x": 1.2, "y": 1}\#(tangents)}"#
    }.joined(separator: ",")
    let x = expression ? #", "x": "wiggle(1, 2)""# : ""
    let layer = { (i: Int) -> String in
      #"{"ty": 3, "ao": \#(autoOrient ? 1 : 0), "ind": \#(i + 1), "ip": 0, "op": 1000000, "st": 0, "ks": {"p": {"a": 1, "k": [\#(moves)]\#(x)}, "r": {"a": 0, "k": 10}}}"#
    }
    let inner = (0..<layers).map(layer).joined(separator: ",")
    guard shown > 0 else {
      return #"{"fr": 30, "ip": 0, "op": 100, "layers": [\#(inner)]}"#
    }
    let holders = (0..<shown).map { i in
      #"{"ty": 0, "ind": \#(i + 1), "refId": "p", "w": 100, "h": 100, "ip": 0, "op": 1000000, "st": 0, "sr": 2, "ks": {"p": {"a": 0, "k": [\#(i), 0]}}}"#
    }.joined(separator: ",")
    return
      #"{"fr": 30, "ip": 0, "op": 100, "assets": [{"id": "p", "layers": [\#(inner)]}], "layers": [\#(holders)]}"#
  }

  /// A DTCG document of `count` tokens, `token(i)` each.
  static func tokens(_ count: Int, _ token: (Int) -> String) -> String {
    "{" + (0..<count).map(token).joined(separator: ",") + "}"
  }

  /// A DTCG token with a spring in the service's extension (and a stand-in curve).
  static func spring(_ i: Int, _ api: String) -> String {
    #""s\#(i)": {"$type": "cubicBezier", "$value": [0.3, 1.2, 0.6, 1], "$extensions": {"dev.animation-timing.spring": \#(api)}}"#
  }

  /// One layer, 4 000 animations added (`add(i)`) and 4 000 changes (`change(i)`) on
  /// `keyPath`, sampled at 3 times.
  static func addsAndChanges(
    layer: String, keyPath: String, add: (Int) -> String, change: (Int) -> String
  ) -> String {
    scene(
      layers: layer, events: (0..<4000).map(add) + (0..<4000).map(change),
      sample: #"{"times":[0,1000,4999]}"#, keyPaths: [keyPath])
  }

  /// `count` layers, each with a spring on position.x of its own distance and damping, over
  /// 10 s at 60 fps.
  static func springLayers(_ count: Int) -> String {
    let layers = (0..<count).map {
      #"{"name":"l\#($0)","properties":{"bounds":[0,0,10,10]},"animations":[{"type":"spring","keyPath":"position.x","fromValue":0,"toValue":\#(100 + $0),"duration":10,"damping":\#(2 + Double($0 % 7))}]}"#
    }
    return scene(layers: layers.joined(separator: ","), sample: #"{"from":0,"to":10,"fps":60}"#)
  }

  /// One layer with `count` copies of an animation, sampled at `times` times (1 000 copies at
  /// 20 000 times: the sampling inputs' size).
  static func sampled(
    _ animation: String, count: Int = 1000, times: Int = 20000, keyPath: String
  ) -> String {
    let animations = Array(repeating: animation, count: count).joined(separator: ",")
    return scene(
      layers: "{\"name\":\"a\",\"animations\":[\(animations)]}",
      sample: "{\"from\":0,\"to\":\(Double(times - 1) / 1000),\"fps\":1000}", keyPaths: [keyPath])
  }

  static let inputs: [Input] = [
    // Scripts: n property changes on one key path (issue 7).
    post("script: 8000 transactions on opacity") {
      changes(
        8000, layer: #"{"name":"a","properties":{"opacity":1}}"#,
        sample: #"{"from":0,"to":10,"fps":60}"#, keyPath: "opacity"
      ) {
        #"{"time":\#(Double($0) / 1000),"transaction":{"animationDuration":1},"set":[{"layer":"a","keyPath":"opacity","value":\#($0 % 2 == 0 ? 0.25 : 0.75)}]}"#
      }
    },
    post("script: 8500 transactions on transform.rotation.z") {
      changes(
        8500, layer: #"{"name":"a"}"#, sample: #"{"from":0,"to":10000,"fps":0.1}"#,
        keyPath: "transform"
      ) {
        #"{"time":\#($0),"transaction":{"animationDuration":1e6},"set":[{"layer":"a","keyPath":"transform.rotation.z","value":\#($0 % 7)}]}"#
      }
    },
    post("script: 10000 UIKit blocks stacking on position") {
      changes(
        10000, layer: #"{"name":"v","delegate":"view"}"#, sample: #"{"from":0,"to":100,"fps":10}"#,
        keyPath: "position"
      ) {
        #"{"time":\#(Double($0) / 100),"animate":{"duration":1e6},"set":[{"layer":"v","keyPath":"position","value":[\#($0 % 13),1]}]}"#
      }
    },
    post("script: 7000 blocks from current state") {
      changes(
        7000, layer: #"{"name":"v","delegate":"view"}"#, sample: #"{"from":0,"to":100,"fps":10}"#,
        keyPath: "opacity"
      ) {
        #"{"time":\#(Double($0) / 100),"animate":{"duration":1e6,"options":["beginFromCurrentState"]},"set":[{"layer":"v","keyPath":"opacity","value":\#(Double($0 % 13) / 13)}]}"#
      }
    },
    post("script: 4000 additive adds + 4000 changes") {
      addsAndChanges(
        layer: #"{"name":"a","properties":{"opacity":1}}"#, keyPath: "opacity",
        add: {
          #"{"time":\#($0),"addAnimation":{"layer":"a","key":"k\#($0)","animation":{"type":"basic","keyPath":"opacity","byValue":0.001,"additive":true,"duration":1e6}}}"#
        },
        change: {
          #"{"time":\#(Double($0) + 0.5),"set":[{"layer":"a","keyPath":"opacity","value":\#(Double($0 % 9) / 9)}]}"#
        })
    },
    post("script: 4000 pending adds + 4000 changes") {
      addsAndChanges(
        layer: #"{"name":"a","properties":{"opacity":1}}"#, keyPath: "opacity",
        add: {
          #"{"time":0,"addAnimation":{"layer":"a","key":"k\#($0)","animation":{"type":"basic","keyPath":"opacity","toValue":0.5,"beginTime":1e8,"duration":1}}}"#
        },
        change: {
          #"{"time":\#($0 + 1),"set":[{"layer":"a","keyPath":"opacity","value":\#(Double($0 % 9) / 9)}]}"#
        })
    },
    post("script: 4000 live adds + 4000 silent changes") {
      addsAndChanges(
        layer: #"{"name":"a"}"#, keyPath: "transform",
        add: {
          #"{"time":\#($0),"addAnimation":{"layer":"a","key":"k\#($0)","animation":{"type":"basic","keyPath":"transform","fromValue":[],"duration":1e6}}}"#
        },
        change: {
          #"{"time":\#(Double($0) + 0.5),"transaction":{"disableActions":true},"set":[{"layer":"a","keyPath":"transform.scale.x","value":\#($0 % 9 + 1)}]}"#
        })
    },
    post("script: 10000 removeAllAnimations over 6000 animations") {
      let animations = (0..<1000).map {
        #"{"key":"k\#($0)","type":"basic","keyPath":"opacity","toValue":0.5,"duration":1}"#
      }.joined(separator: ",")
      let layers = (0..<6).map { #"{"name":"l\#($0)","animations":[\#(animations)]}"# }
      let events = (0..<10000).map {
        #"{"time":\#($0),"removeAllAnimations":{"layer":"l0"}}"#
      }
      return scene(
        layers: layers.joined(separator: ","), events: events, sample: #"{"times":[0]}"#,
        keyPaths: ["opacity"])
    },
    post("script: 9000 changes looked up through 16 styles") {
      var style = #"{"actions":{"k":null}}"#
      for _ in 0..<15 { style = #"{"actions":{"k":null},"style":\#(style)}"# }
      return scene(
        layers: #"{"name":"a","style":\#(style)}"#,
        events: (0..<9000).map {
          #"{"time":\#($0),"set":[{"layer":"a","keyPath":"opacity","value":\#($0 % 2)}]}"#
        }, sample: #"{"times":[0]}"#, keyPaths: ["opacity"])
    },
    // Canvas: every start repeats for every view below it (at most 200 000 script events).
    post("canvas: 10000 starts over 20 views") {
      let views = (0..<20).map {
        #"{"name":"v\#($0)","canvas":{"type":"bounceLeft","duration":1,"pauseAnimationOnAwake":true}}"#
      }
      let starts = (0..<10000).map {
        #"{"time":\#(Double($0) / 10),"startCanvasAnimation":{"layer":"root"}}"#
      }
      return scene(
        layers: #"{"name":"root","sublayers":[\#(views.joined(separator: ","))]}"#,
        events: starts, sample: #"{"from":0,"to":1000,"fps":1}"#,
        keyPaths: ["transform", "opacity"])
    },
    post("canvas: 10000 starts of one view") {
      let starts = (0..<10000).map {
        #"{"time":\#(Double($0) / 10),"startCanvasAnimation":{"layer":"v"}}"#
      }
      return scene(
        layers:
          #"{"name":"v","canvas":{"type":"shake","duration":1,"pauseAnimationOnAwake":true}}"#,
        events: starts, sample: #"{"from":0,"to":1000,"fps":10}"#,
        keyPaths: ["transform", "opacity"])
    },
    // Sampling: many animations of one class at many times.
    post("sample: 1000 basic opacity × 20000 times") {
      sampled(
        #"{"type":"basic","keyPath":"opacity","fromValue":0,"toValue":1,"duration":30}"#,
        keyPath: "opacity")
    },
    post("sample: 1000 additive transforms × 20000 times") {
      sampled(
        #"{"type":"basic","keyPath":"transform","fromValue":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"toValue":[0,1,0,0,-1,0,0,0,0,0,1,0,5,5,0,1],"additive":true,"duration":30}"#,
        keyPath: "transform")
    },
    post("sample: 1000 transform.rotation.z × 20000 times") {
      sampled(
        #"{"type":"basic","keyPath":"transform.rotation.z","fromValue":0,"toValue":3,"duration":30}"#,
        keyPath: "transform")
    },
    post("sample: 1000 rotateZ value functions × 20000 times") {
      sampled(
        #"{"type":"basic","keyPath":"transform","valueFunction":"rotateZ","fromValue":0,"toValue":3,"additive":true,"duration":30}"#,
        keyPath: "transform")
    },
    post("sample: 1000 cumulative transforms × 20000 times") {
      sampled(
        #"{"type":"basic","keyPath":"transform","fromValue":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"toValue":[1,0,0,0,0,1,0,0,0,0,1,0,1,0,0,1],"cumulative":true,"repeatCount":1e9,"duration":1e-6,"additive":true}"#,
        keyPath: "transform")
    },
    post("sample: 1000 springs × 20000 times") {
      sampled(
        #"{"type":"spring","keyPath":"opacity","fromValue":0,"toValue":1,"damping":3,"duration":30}"#,
        keyPath: "opacity")
    },
    post("sample: 1000 paced paths × 20000 times") {
      let path = (0..<50).map { "C\($0),\($0 * 3) \($0 + 1),\($0) \($0 + 2),\($0 * 2)" }.joined(
        separator: " ")
      return sampled(
        #"{"type":"keyframe","keyPath":"position","path":"M0,0 \#(path)","calculationMode":"paced","duration":30}"#,
        keyPath: "position")
    },
    post("sample: 500 paced paths with rotation × 20000 times") {
      let path = (0..<50).map { "C\($0),\($0 * 3) \($0 + 1),\($0) \($0 + 2),\($0 * 2)" }.joined(
        separator: " ")
      return sampled(
        #"{"type":"keyframe","keyPath":"position","path":"M0,0 \#(path)","calculationMode":"paced","rotationMode":"auto","duration":30}"#,
        count: 500, keyPath: "position")
    },
    post("sample: 1000 cubicPaced keyframes × 20000 times") {
      let values = (0..<40).map { "\($0 * $0 % 17)" }.joined(separator: ",")
      return sampled(
        #"{"type":"keyframe","keyPath":"opacity","values":[\#(values)],"calculationMode":"cubicPaced","duration":30}"#,
        keyPath: "opacity")
    },
    post("sample: 1000 groups 8 deep × 20000 times") {
      var animation =
        #"{"type":"basic","keyPath":"opacity","fromValue":0,"toValue":1,"duration":3,"timingFunction":"easeIn"}"#
      for _ in 0..<7 {
        animation =
          #"{"type":"group","duration":3,"repeatCount":4,"autoreverses":true,"timingFunction":"cubic-bezier(0.2,1.5,0.8,-0.5)","animations":[\#(animation)]}"#
      }
      return sampled(animation, keyPath: "opacity")
    },
    post("sample: 1000 keyframes with Bézier segments × 20000 times") {
      sampled(
        #"{"type":"keyframe","keyPath":"opacity","values":[0,1,0,1],"timingFunctions":["cubic-bezier(0.1,0.9,0.2,1)","easeIn","cubic-bezier(1,0,0,1)"],"duration":30}"#,
        keyPath: "opacity")
    },
    post("sample: 1000 linear() functions of 100 stops × 20000 times") {
      let stops = (0..<100).map { String(Double($0 * 37 % 100) / 100) }.joined(separator: ",")
      return sampled(
        #"{"type":"basic","keyPath":"opacity","fromValue":0,"toValue":1,"timingFunction":"linear(\#(stops))","duration":30}"#,
        keyPath: "opacity")
    },
    post("sample: 10000 layers × 256 sub-path key paths") {
      let layers = (0..<10000).map { #"{"name":"l\#($0)"}"# }.joined(separator: ",")
      let keyPaths = (0..<256).map {
        ["transform.rotation.z", "transform.scale.x", "position.x", "bounds.size"][$0 % 4]
      }
      return scene(layers: layers, sample: #"{"times":[0]}"#, keyPaths: keyPaths)
    },
    post("sample: rotation.z of an animated transform, 256 outputs × 19000 times") {
      scene(
        layers:
          #"{"name":"a","animations":[{"type":"basic","keyPath":"transform","fromValue":[],"toValue":[0,1,0,0,-1,0,0,0,0,0,1,0,5,5,0,1],"duration":30}]}"#,
        sample: #"{"from":0,"to":18.999,"fps":1000}"#,
        keyPaths: Array(repeating: "transform.rotation.z", count: 256))
    },
    post("sample: 30-deep layer chain, 5000 samples") {
      var layer =
        #"{"name":"n0","speed":1.5,"animations":[{"type":"basic","keyPath":"opacity","fromValue":0,"toValue":1,"duration":1}]}"#
      for i in 1..<30 {
        layer =
          #"{"name":"n\#(i)","speed":0.9,"timeOffset":0.1,"animations":[{"type":"basic","keyPath":"opacity","fromValue":0,"toValue":1,"duration":1}],"sublayers":[\#(layer)]}"#
      }
      return scene(
        layers: layer, sample: #"{"from":0,"to":4.999,"fps":1000}"#, keyPaths: ["opacity"])
    },
    // Building: the plan's own work, with little sampling.
    post("plan: 30000 custom properties") {
      let properties = (0..<30000).map { "\"p\($0)\":\($0 % 10)" }.joined(separator: ",")
      return scene(
        layers: #"{"name":"a","properties":{\#(properties)}}"#, sample: #"{"times":[0]}"#)
    },
    post("plan: 9000 contents names, 41000 references") {
      let names = (0..<9000).map { "\"c\($0)\"" }
      let values = names + Array(repeating: "\"c8999\"", count: 41000)
      return scene(
        layers:
          #"{"name":"a","animations":[{"type":"keyframe","keyPath":"contents","values":[\#(values.prefix(10000).joined(separator: ","))]},{"type":"keyframe","keyPath":"contents","values":[\#(values.dropFirst(10000).prefix(10000).joined(separator: ","))]},{"type":"keyframe","keyPath":"contents","values":[\#(values.dropFirst(20000).prefix(10000).joined(separator: ","))]},{"type":"keyframe","keyPath":"contents","values":[\#(values.dropFirst(30000).prefix(10000).joined(separator: ","))]},{"type":"keyframe","keyPath":"contents","values":[\#(values.dropFirst(40000).prefix(10000).joined(separator: ","))]}]}"#,
        sample: #"{"times":[0]}"#)
    },
    post("plan: keyframes, 300000 cubicPaced values") {
      let values = (0..<10000).map { "\($0 % 97)" }.joined(separator: ",")
      let animation =
        #"{"type":"keyframe","keyPath":"opacity","values":[\#(values)],"calculationMode":"cubicPaced","duration":1}"#
      return scene(
        layers:
          #"{"name":"a","animations":[\#(Array(repeating: animation, count: 27).joined(separator: ","))]}"#,
        sample: #"{"times":[0]}"#)
    },
    post("plan: keyframes, 20000 transform values") {
      let values = (0..<10000).map {
        "[\(1 + $0 % 3),0,0,0,0,1,0,0,0,0,1,0,\($0),0,0,1]"
      }.joined(separator: ",")
      let animation =
        #"{"type":"keyframe","keyPath":"transform","values":[\#(values)],"calculationMode":"paced","duration":1}"#
      return scene(
        layers: #"{"name":"a","animations":[\#(animation),\#(animation)]}"#,
        sample: #"{"times":[0]}"#)
    },
    post("plan: paths of 10000 segments") {
      let path = (0..<10000).map { "Q\($0 % 10),\($0 % 7) \($0 % 11),\($0 % 5)" }.joined()
      let animation =
        #"{"type":"keyframe","keyPath":"position","path":"M0,0\#(path)","calculationMode":"cubicPaced","rotationMode":"auto","duration":1}"#
      return scene(
        layers:
          #"{"name":"a","animations":[\#(Array(repeating: animation, count: 5).joined(separator: ","))]}"#,
        sample: #"{"times":[0]}"#)
    },
    post("plan: 20000 animations in groups") {
      let leaf = #"{"type":"basic","keyPath":"opacity","toValue":0}"#
      let group =
        #"{"type":"group","animations":[\#(Array(repeating: leaf, count: 1000).joined(separator: ","))]}"#
      return scene(
        layers:
          #"{"name":"a","animations":[\#(Array(repeating: group, count: 20).joined(separator: ","))]}"#,
        sample: #"{"times":[0]}"#)
    },
    post("plan: 4000 layers, 4 animations each") {
      let layers = (0..<4000).map {
        #"{"name":"l\#($0)","animations":[{"type":"basic","keyPath":"opacity","toValue":0},{"type":"basic","keyPath":"position.x","toValue":9},{"type":"basic","keyPath":"transform.scale","toValue":2},{"type":"spring","keyPath":"bounds","toValue":[0,0,1,1]}]}"#
      }
      return scene(layers: layers.joined(separator: ","), sample: #"{"times":[0, 1]}"#)
    },
    // Export: the most numbers a timeline may produce, with 17 digits each.
    post("export: 5000000 numbers as JSON") { exportScene() },
    Input(
      name: "export: 5000000 numbers as CSV", method: .post, target: "/v1/timelines?format=csv"
    ) { exportScene() },
    post("standard timing-bench scene") { TimelineBenchmark.requestJSON() },
    // The other routes.
    post("evaluate: 10000 x on linear() with 10000 stops", "/v1/timing-functions/evaluate") {
      let stops = (0..<10000).map { String(Double($0 % 100) / 100) }.joined(separator: ",")
      let xs = (0..<10000).map { String(Double($0) / 10000) }.joined(separator: ",")
      return #"{"function":"linear(\#(stops))","x":[\#(xs)],"slope":true}"#
    },
    get(
      "lookup: spring, 10000 samples with slopes",
      "/v1/timing-functions/spring(1,100,1,0)?samples=10000&slope=true"),
    get("preset: shake, 10000 keyframes", "/v1/presets/shake?duration=9999&fps=1"),
    get(
      "preset: shake, 10000 keyframes as Web Animations",
      "/v1/presets/shake?duration=9999&fps=1&format=waapi"),
    get(
      "preset: shake, 10000 keyframes as Lottie",
      "/v1/presets/shake?duration=9999&fps=1&format=lottie"),
    // Springs (docs/springs.md): the conversion's fixed work is react-spring's integration
    // (≤ 2²⁰ steps), Motion's rest test (≤ 2²⁰ steps), the deviation grids (≤ 2¹⁸ points each)
    // and the CSS fit (≤ 2¹⁸ grid intervals); these springs, which settle just inside the
    // 10⁷ s accepted, fill them, and the last is refused.
    post("springs: SwiftUI 0.5 s, bounce 0.3 (a typical spring)", "/v1/springs") {
      #"{"swiftUIDurationBounce":{"duration":0.5,"bounce":0.3}}"#
    },
    post("springs: ζ 1e-4, ω₀ 10 (react-spring's steps in full)", "/v1/springs") {
      #"{"coreAnimation":{"mass":1,"stiffness":100,"damping":0.002}}"#
    },
    post("springs: ζ 0.0035, ω₀ 1 (the CSS fit in full)", "/v1/springs") {
      #"{"coreAnimation":{"mass":1,"stiffness":1,"damping":0.007}}"#
    },
    post("springs: ζ 7e-7, ω₀ 1000", "/v1/springs") {
      #"{"coreAnimation":{"mass":1,"stiffness":1000000,"damping":0.0014}}"#
    },
    post("springs: ζ 1000, ω₀ 1 (overdamped)", "/v1/springs") {
      #"{"android":{"stiffness":1,"dampingRatio":1000}}"#
    },
    post("springs: ζ 5e-7, ω₀ 1e-6 (refused: never at rest)", "/v1/springs") {
      #"{"coreAnimation":{"mass":1000000,"stiffness":0.000001,"damping":0.000001}}"#
    },
    // Lottie (docs/export.md "Lottie"): springs are fitted Bézier segments, up to the export's
    // cap on fits; 259 layers × 601 samples × 32 numbers is just under the 5 000 000 an export
    // may sample.
    Input(
      name: "lottie: 259 springs × 601 samples (the most the export samples)", method: .post,
      target: "/v1/timelines?format=lottie"
    ) {
      springLayers(259)
    },
    Input(
      name: "lottie: the same 259 springs as Web Animations (for comparison)", method: .post,
      target: "/v1/timelines?format=waapi"
    ) {
      springLayers(259)
    },
    Input(
      name: "lottie: 1000 eased keyframes repeated 100 times, 100000 samples", method: .post,
      target: "/v1/timelines?format=lottie"
    ) {
      let values = (0...1000).map { String($0 % 2 == 0 ? 0 : 100) }.joined(separator: ",")
      let functions = (0..<1000).map {
        #""cubic-bezier(\#(Double($0 % 97) / 100),0,\#(Double($0 % 89) / 100),1)""#
      }.joined(separator: ",")
      let animation =
        #"{"type":"keyframe","keyPath":"position.x","values":[\#(values)],"timingFunctions":[\#(functions)],"duration":1,"repeatCount":100,"fillMode":"forwards","removedOnCompletion":false}"#
      return scene(
        layers: #"{"name":"a","properties":{"bounds":[0,0,10,10]},"animations":[\#(animation)]}"#,
        sample: #"{"from":0,"to":99.999,"fps":1000}"#)
    },
    post("springs in a scene: 1 000 uiKit springs", "/v1/timelines") {
      let spring =
        #"{"type":"spring","keyPath":"opacity","fromValue":0,"toValue":1,"duration":1,"spring":{"uiKit":{"duration":0.9,"dampingRatio":0.999}}}"#
      return sampled(spring, times: 2, keyPath: "opacity")
    },
    // Tokens (docs/tokens.md): each spring or easing path is a linear() fit, twice (the token
    // and its reduced-motion variant), with its error measured on a grid 16 times finer.
    post("tokens: 1 000 durations and curves (a design system's file)", "/v1/tokens") {
      tokens(1000) { i in
        i % 2 == 0
          ? #""t\#(i)": {"$type": "duration", "$value": {"value": \#(i), "unit": "ms"}}"#
          : #""t\#(i)": {"$type": "cubicBezier", "$value": [0.2, \#(Double(i % 10) / 10), 0.38, 0.9]}"#
      }
    },
    post("tokens: 44 000 tiny tokens (1 MiB)", "/v1/tokens") {
      tokens(44000) { #""t\#($0)": {"$value": 1}"# }
    },
    post("tokens: 40 springs, each different", "/v1/tokens") {
      tokens(40) { i in
        spring(i, #"{"swiftUI": {"response": \#(0.3 + Double(i) / 100), "dampingFraction": 0.6}}"#)
      }
    },
    post("tokens: 100 steps() easings, a DTCG stand-in cubic each", "/v1/tokens") {
      tokens(100) { i in
        #""e\#(i)": {"$type": "cubicBezier", "$value": "steps(\#(i + 2), jump-none)"}"#
      }
    },
    post("tokens: 6 of the slowest springs (the most the budget takes)", "/v1/tokens") {
      tokens(6) { i in
        spring(
          i,
          #"{"coreAnimation": {"mass": 1000000, "stiffness": 100, "damping": \#(20 + Double(i) / 100)}}"#
        )
      }
    },
    post(
      "tokens: 20 easing paths of Material's emphasized shape (the most the budget takes)",
      "/v1/tokens"
    ) {
      tokens(20) {
        #""md.sys.motion.easing.e\#($0)": "M 0,0 C 0.05,0 0.133333,0.06 0.166666,0.4 C 0.208333,0.82 0.25,1 1,1""#
      }
    },
    // Figma aliases are followed per variable and mode: a chain of 64 (the deepest taken) in
    // every one of 280 modes, near the 1 MiB body, each mode's alias naming the next variable.
    post("tokens: Figma, 64 TIMING variables aliased in a chain, 280 modes each", "/v1/tokens") {
      let modes = 280
      func variable(_ k: Int) -> String {
        let values = (0..<modes).map { m in
          k == 63
            ? #""m\#(m)": 0.2"# : #""m\#(m)": {"type": "VARIABLE_ALIAS", "id": "v\#(k + 1)"}"#
        }.joined(separator: ",")
        return
          #""v\#(k)": {"name": "motion/d\#(k)", "resolvedType": "TIMING", "valuesByMode": {\#(values)}}"#
      }
      return #"{"meta": {"variables": {"# + (0..<64).map(variable).joined(separator: ",") + "}}}"
    },
    // Fits (docs/fit.md): the spring's grid and refinements, the Bézier's search, the named
    // curves, each a pass over every sample.
    post("fit: 1 000 noisy samples of a spring, all models", "/v1/fit") {
      fitSamples(1000)
    },
    post("fit: 8 000 samples, all models (the most the budget takes)", "/v1/fit") {
      fitSamples(8000)
    },
    post(
      "fit: a linear() of 5 200 stops, rounded to 4 decimals (minimax; the most the budget takes)",
      "/v1/fit"
    ) {
      let stops = (0..<5_200).map { i -> String in
        let x = Double(i) / 5_199
        let y = 1 - exp(-4 * x) * cos(20 * x)
        return "\((y * 10_000).rounded() / 10_000) \(x * 100)%"
      }
      return #"{"curve": "linear(\#(stops.joined(separator: ", ")))", "duration": 1}"#
    },
    // An attacker's pass: a step no spring makes, rounded (so minimax), made Levenberg–Marquardt
    // run every step it was allowed (6 s in release) before the passes were bounded.
    post("fit: a linear() of 5 200 stops, all 0 then 1 (a step no spring makes)", "/v1/fit") {
      let stops = (0..<5_200).map { $0 < 5_198 ? "0.0000" : "1.0000" }
      return #"{"curve": "linear(\#(stops.joined(separator: ", ")))"}"#
    },
    // What fits equally (docs/fit.md): a clip of the first 2 % of a motion, noisy, leaves every
    // parameter open, so each is profiled — over 8 000 samples (400 passes) and over 10 (the
    // same 400 000 evaluations, 40 000 passes).
    post("fit: 8 000 samples of a motion's first 2 %, noisy (every parameter profiled)", "/v1/fit")
    {
      shortClip(8000)
    },
    post("fit: 10 samples of a motion's first 2 %, noisy (every parameter profiled)", "/v1/fit") {
      shortClip(10)
    },
    // Lottie (docs/lottie.md): the most layer instances a document may make, each at the
    // frames the answer's numbers allow; a property of many spatial keyframes at many frames;
    // the lint of layers moving along spatial paths (lottie-web's polyline at each evaluation).
    post(
      "lottie timeline: 19 998 layer instances (a precomposition of 100 layers shown 198 times), 1 frame",
      "/v1/lottie/timeline?frames=0..0"
    ) {
      lottie(layers: 100, shown: 198, keyframes: 4, spatial: true)
    },
    post(
      "lottie timeline: 10 layers of 800 spatial keyframes each, 10 000 frames",
      "/v1/lottie/timeline?frames=0..9999"
    ) {
      lottie(layers: 10, shown: 0, keyframes: 800, spatial: true)
    },
    post(
      "lottie lint: 500 layers moving along spatial paths (4 keyframes), 120 frames",
      "/v1/lottie/lint?frames=0..119"
    ) {
      lottie(layers: 500, shown: 0, keyframes: 4, spatial: true, expression: true)
    },
    // rlottie's and ThorVG's walks along a path at their deepest: paths 4e7 px long (each
    // measure cut into 128 pieces, rlottie's search all its 400 steps: a float cannot come
    // within 0.01 there), keyed over the frames linted, auto-oriented (a second walk).
    post(
      "lottie lint (rlottie, ThorVG): 100 auto-oriented layers along paths 4e7 px long, 60 frames",
      "/v1/lottie/lint?frames=0..59&players=rlottie,thorvg"
    ) {
      lottie(
        layers: 100, shown: 0, keyframes: 4, spatial: true, scale: 1e6, spacing: 20,
        autoOrient: true)
    },
    post(
      "lottie lint (rlottie, ThorVG): the same paths 300 px long",
      "/v1/lottie/lint?frames=0..59&players=rlottie,thorvg"
    ) {
      lottie(
        layers: 100, shown: 0, keyframes: 4, spatial: true, spacing: 20, autoOrient: true)
    },
    post(
      "lottie lint: 19 998 layer instances of spatial paths, 4 frames",
      "/v1/lottie/lint?frames=0..3"
    ) {
      lottie(layers: 100, shown: 198, keyframes: 4, spatial: true)
    },
    post("actions: 256 keys through 16 styles", "/v1/actions/resolve") {
      var style = #"{"actions":{}}"#
      for _ in 0..<15 { style = #"{"actions":{},"style":\#(style)}"# }
      let keys = (0..<256).map { "\"k\($0)\"" }.joined(separator: ",")
      return
        #"{"layer":{"delegate":"view","style":\#(style)},"animate":{"duration":1},"keys":[\#(keys)]}"#
    },
  ]

  /// An export whose size is its number of samples: run at the most samples the service
  /// accepts under the default configuration — the edge of the work budget, or of the limit on
  /// numbers, whichever comes first — found by bisection (untimed), then timed once.
  struct EdgeInput: Sendable {
    let name: String
    let target: String
    let body: @Sendable (_ samples: Int) -> String
  }

  /// `times` samples at 1 000 fps from 0.
  static func thousandFPS(_ times: Int) -> String {
    "{\"from\":0,\"to\":\(Double(times - 1) / 1000),\"fps\":1000}"
  }

  /// Every export format with the scenes that are slowest for it: sampling (1 000 additive
  /// rotations while only opacity is reported: the 79 s export of before), baked transforms
  /// (two animations on each of 100 layers' transforms: fitted matrix by matrix), and for Lottie
  /// springs (each segment a fitted Bézier, up to the export's cap).
  static let edges: [EdgeInput] = ["waapi", "css", "lottie"].flatMap { format in
    [
      EdgeInput(
        name: "edge \(format): 1 000 additive rotations, keyPaths opacity",
        target: "/v1/timelines?format=\(format)"
      ) { times in
        let rotations = (0..<1000).map {
          #"{"type":"basic","keyPath":"transform.rotation.z","fromValue":0,"toValue":\#($0),"duration":10,"additive":true}"#
        }
        return scene(
          layers: #"{"name":"a","animations":[\#(rotations.joined(separator: ","))]}"#,
          sample: thousandFPS(times), keyPaths: ["opacity"])
      },
      EdgeInput(
        name: "edge \(format): 100 layers turning and scaling (baked transforms)",
        target: "/v1/timelines?format=\(format)"
      ) { times in
        let layers = (0..<100).map {
          #"{"name":"l\#($0)","properties":{"bounds":[0,0,\#(10 + $0),20]},"animations":[{"type":"basic","keyPath":"transform.rotation.z","fromValue":0,"toValue":\#(1 + Double($0) / 10),"duration":3,"timingFunction":"easeInEaseOut","repeatCount":1e9,"autoreverses":true},{"type":"basic","keyPath":"transform.scale.x","fromValue":1,"toValue":\#(2 + Double($0 % 5)),"duration":\#(1.7 + Double($0) / 100),"repeatCount":1e9,"autoreverses":true}]}"#
        }
        return scene(layers: layers.joined(separator: ","), sample: thousandFPS(times))
      },
    ]
      + (format == "lottie"
        ? [
          EdgeInput(
            name: "edge lottie: 259 springs", target: "/v1/timelines?format=lottie"
          ) { times in
            let layers = (0..<259).map {
              #"{"name":"l\#($0)","properties":{"bounds":[0,0,10,10]},"animations":[{"type":"spring","keyPath":"position.x","fromValue":0,"toValue":\#(100 + $0),"duration":10,"damping":\#(2 + Double($0 % 7))}]}"#
            }
            return scene(
              layers: layers.joined(separator: ","),
              sample: "{\"from\":0,\"to\":10,\"fps\":\(Double(times - 1) / 10)}")
          }
        ] : [])
  }

  /// Units the service charged, summed over its routes (`/metrics`' work units).
  static func workUnits(_ metrics: Metrics) -> Int {
    metrics.exposition().split(separator: "\n")
      .filter { $0.hasPrefix("animation_timing_work_units_total") }
      .reduce(0) { $0 + (Int(Double($1.split(separator: " ").last ?? "") ?? 0)) }
  }

  /// Each edge input at the most samples accepted, timed.
  static func runEdges(_ filters: [String], _ configuration: APIConfiguration) {
    let metrics = Metrics()
    let service = TimingService(configuration: configuration, metrics: metrics)
    func request(_ input: EdgeInput, _ samples: Int) -> HTTPRequest {
      TimelineBenchmark.post(input.target, Array(input.body(samples).utf8))
    }
    print("\nexports at the edge (the most samples accepted, found by bisection; then one run)")
    print("input | samples | CPU s | status | units | ns/unit | answer")
    print("---|---|---|---|---|---|---")
    for input in edges
    where filters.isEmpty || filters.contains(where: { input.name.contains($0) }) {
      // 2 samples pass; 10 million are past every limit.
      var (accepted, refused) = (2, 10_000_000)
      while refused - accepted > 1 {
        let mid = (accepted + refused) / 2
        if service.handle(request(input, mid)).status.code == 200 {
          accepted = mid
        } else {
          refused = mid
        }
      }
      let before = workUnits(metrics)
      let start = cpuSeconds()
      let response = service.handle(request(input, accepted))
      let cpu = cpuSeconds() - start
      let units = workUnits(metrics) - before
      print(
        "\(input.name) | \(accepted) | \(fixed(cpu, 3)) | \(response.status.code) | \(units) | "
          + "\(fixed(cpu * 1e9 / Double(max(units, 1)), 1)) | \(response.body.count / 1024) KiB")
    }
  }

  /// Beyond the body cap (and the decoder's 10 000 changes), the engine alone: n implicit
  /// animations on one key path, each starting half-way through the one before, planned with no
  /// budget. Linear in n since the presentation at each change is incremental.
  static func engineScripts() {
    print("\nengine only (no JSON, no budget): n changes of opacity in transactions, planned")
    print("changes | CPU s | µs a change")
    print("---|---|---")
    for n in [8_000, 50_000, 200_000] {
      var scene = Scene()
      var layer = Layer(name: "a")
      layer.properties = [(key: "opacity", value: .scalar(1))]
      scene.layers = [layer]
      let opacity = PropertyKeyPath.resolve("opacity")!
      scene.events = (0..<n).map { i in
        var transaction = ScriptTransaction()
        transaction.animationTimingFunction = .named(.linear)
        transaction.changes = [
          PropertyChange(
            layer: "a", keyPath: opacity, value: .scalar(Double(i % 2)), source: ["events", "\(i)"])
        ]
        return ScriptEvent(time: Double(i) / 8, action: .transaction(transaction), source: [])
      }
      let start = cpuSeconds()
      let plan = try? TimelinePlan(scene: scene)
      let cpu = cpuSeconds() - start
      guard plan?.actionRecords.count == n else { continue }
      print("\(n) | \(fixed(cpu, 3)) | \(fixed(cpu * 1e6 / Double(n), 1))")
    }
  }

  /// 50 layers' transforms turning, 6 250 times: 5 million numbers, most of them 17 digits.
  static func exportScene() -> String {
    let layers = (0..<50).map {
      #"{"name":"l\#($0)","animations":[{"type":"basic","keyPath":"transform.rotation.z","fromValue":0,"toValue":3.3,"duration":7}]}"#
    }
    return scene(
      layers: layers.joined(separator: ","), sample: #"{"from":0,"to":6.249,"fps":1000}"#,
      keyPaths: ["transform"])
  }

  static func cpuSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  /// `--stages`: each timeline input's CPU time and units per stage — parse, decode + plan +
  /// script, sample, encode JSON (the streamed document's time less sampling's) — to set
  /// `WorkCost` from (the units of decoding, planning and script are one figure here, since the
  /// route runs them as one).
  static func runStages(_ filters: [String], _ configuration: APIConfiguration) {
    print(
      "input | parse s | plan s | plan units | sample s | sample units | encode s | export units")
    print("---|---|---|---|---|---|---|---")
    for input in inputs
    where input.target == "/v1/timelines"
      && (filters.isEmpty || filters.contains(where: { input.name.contains($0) }))
    {
      let body = Array(input.body().utf8)
      var start = cpuSeconds()
      guard let value = try? JSONParser.parse(body) else { continue }
      let parse = cpuSeconds() - start
      start = cpuSeconds()
      let prepared: PreparedTimeline
      do throws(Problem) {
        prepared = try PreparedTimeline(json: value, configuration: configuration)
      } catch {
        print(
          "\(input.name) | \(fixed(parse, 3)) | \(fixed(cpuSeconds() - start, 3)) | \(error.detail.prefix(120))"
        )
        continue
      }
      let plan = cpuSeconds() - start
      start = cpuSeconds()
      _ = prepared.sample()
      let sample = cpuSeconds() - start
      // The document as served samples again, a block at a time, as it writes
      // (`TimelineStream`): encoding is what it takes beyond sampling alone.
      start = cpuSeconds()
      let bytes = prepared.json().count
      let encode = max(0, cpuSeconds() - start - sample)
      let units = prepared.work.spentByStage
      let planUnits = units[0] + units[1] + units[2]
      print(
        "\(input.name) | \(fixed(parse, 3)) | \(fixed(plan, 3)) | \(planUnits) (\(fixed(plan * 1e9 / Double(max(planUnits, 1)), 1)) ns) | "
          + "\(fixed(sample, 3)) | \(units[3]) (\(fixed(sample * 1e9 / Double(max(units[3], 1)), 1)) ns) | "
          + "\(fixed(encode, 3)) | \(units[4]) (\(fixed(encode * 1e9 / Double(max(units[4], 1)), 1)) ns, \(bytes / 1024) KiB)"
      )
    }
  }

  /// `arguments`: names (or parts of names) of the inputs to run, and `--max-work-units N` to
  /// run with another budget (a huge one shows what each input would cost without it).
  static func run(_ arguments: [String]) {
    var configuration = APIConfiguration()
    var filters: [String] = []
    var stages = false
    var i = 0
    while i < arguments.count {
      if arguments[i] == "--stages" {
        stages = true
        i += 1
        continue
      }
      if arguments[i] == "--max-work-units", i + 1 < arguments.count,
        let limit = Int(arguments[i + 1])
      {
        configuration.maxWorkUnits = limit
        i += 2
        continue
      }
      filters.append(arguments[i])
      i += 1
    }
    if stages {
      runStages(filters, configuration)
      return
    }
    let metrics = Metrics()
    let service = TimingService(configuration: configuration, metrics: metrics)
    print(
      "worst-case requests through TimingService.handle, one run each (budget \(configuration.maxWorkUnits) units)"
    )
    print("input | request KiB | CPU s | status | units | ns/unit | answer")
    print("---|---|---|---|---|---|---")
    for input in inputs
    where filters.isEmpty || filters.contains(where: { input.name.contains($0) }) {
      let body = Array(input.body().utf8)
      guard body.count <= bodyCap else {
        print("\(input.name) | \(body.count / 1024) | — | — | — | — | over the body cap (413)")
        continue
      }
      var headers = [(HTTPField.Name.host, "bench")]
      if input.method == .post { headers.append((HTTPField.Name.contentType, "application/json")) }
      let request = HTTPRequest(
        method: input.method, target: input.target, headers: HTTPFields(headers), body: body)
      let before = workUnits(metrics)
      let start = cpuSeconds()
      let response = service.handle(request)
      let cpu = cpuSeconds() - start
      let charged = workUnits(metrics) - before
      var answer = "\(response.body.count / 1024) KiB"
      var units: Int?
      if response.status.code != 200 {
        let text = String(decoding: response.body, as: UTF8.self)
        answer =
          text.firstRange(of: #""detail":""#).map { range in
            String(text[range.upperBound...].prefix { $0 != "\"" }.prefix(160))
          } ?? String(text.prefix(160))
        // "… brings it to \(spent) units" names what was spent when it stopped.
        if let range = text.firstRange(of: " brings it to ") {
          units = Int(text[range.upperBound...].prefix { $0.isNumber })
        }
      } else if charged > 0 {
        // What the route charged (`/metrics`' work units), exports' columns included.
        units = charged
      }
      let perUnit = units.map { fixed(cpu * 1e9 / Double(max($0, 1)), 1) } ?? "—"
      print(
        "\(input.name) | \(body.count / 1024) | \(fixed(cpu, 3)) | \(response.status.code) | "
          + "\(units.map(String.init) ?? "—") | \(perUnit) | \(answer)")
    }
    if filters.isEmpty || filters.contains("engine") { engineScripts() }
    runEdges(filters, configuration)
  }
}
