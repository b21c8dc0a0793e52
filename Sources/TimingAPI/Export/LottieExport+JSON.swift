import TimingEngine

/// The Lottie document (lottie-spec 1.0: `ver`, `fr`, `ip`, `op`, `w`, `h`, `layers`), written
/// for the players' known limits (docs/export.md "Lottie"): `ddd: 0` on every layer (rlottie
/// reads a layer without it as 3D and drops its 2D rotation), the last keyframe of a property
/// without `i`/`o` (rlottie otherwise shows its end value throughout), one easing for all of a
/// property's dimensions, no expressions, and whole frames where the samples fall on them.
/// The export's own account — bounds, errors, keyframe counts, what was not exported — is the
/// top-level `animationTiming` member, which players ignore.
extension LottieExport {
  func bytes(warnings: [SceneWarning]) -> [UInt8] {
    var w = JSONWriter(capacity: 16 * 1024)
    w.beginObject()
    w.key("v")
    w.string("5.7.0")
    w.key("ver")
    w.number(10000)
    w.key("nm")
    w.string("animation-timing")
    w.key("ddd")
    w.number(0)
    w.key("fr")
    w.number(frameRate)
    w.key("ip")
    w.number(0)
    // `op` is where the animation stops (a player shows frames before it, not it): one frame
    // past the last sample, so that the last sample is shown.
    w.key("op")
    w.number(lastFrame + 1)
    w.key("w")
    w.number(Double(width))
    w.key("h")
    w.number(Double(height))
    w.key("assets")
    w.beginArray()
    w.endArray()
    w.key("layers")
    w.beginArray()
    // Lottie draws the first layer on top: Core Animation's drawing order reversed.
    for index in drawOrder.reversed() { writeLayer(index, into: &w) }
    w.endArray()
    w.key("animationTiming")
    writeReport(warnings: warnings, into: &w)
    w.endObject()
    w.lineBreak()
    return w.take()
  }

  private func writeLayer(_ index: Int, into w: inout JSONWriter) {
    let layer = layers[index]
    func track(_ property: LottieProperty) -> Track {
      layer.tracks.first { $0.property == property }!
    }
    w.beginObject()
    w.key("ty")
    w.number(4)
    w.key("nm")
    w.string(layer.name)
    w.key("ind")
    w.number(Double(index + 1))
    if let parent = layer.parent {
      w.key("parent")
      w.number(Double(parent + 1))
    }
    w.key("ddd")
    w.number(0)
    w.key("ip")
    w.number(0)
    w.key("op")
    w.number(lastFrame + 1)
    w.key("st")
    w.number(0)
    w.key("sr")
    w.number(1)
    w.key("bm")
    w.number(0)
    w.key("ks")
    w.beginObject()
    for (key, property) in [
      ("a", LottieProperty.anchor), ("p", .position), ("s", .scale), ("r", .rotation),
      ("o", .opacity),
    ] {
      w.key(key)
      write(track(property), into: &w)
    }
    w.endObject()
    w.key("shapes")
    w.beginArray()
    w.beginObject()
    w.key("ty")
    w.string("gr")
    w.key("nm")
    w.string("bounds")
    w.key("it")
    w.beginArray()
    // The bounds as a rectangle…
    w.beginObject()
    w.key("ty")
    w.string("rc")
    w.key("d")
    w.number(1)
    w.key("p")
    write(track(.center), into: &w)
    w.key("s")
    write(track(.size), into: &w)
    w.key("r")
    write(track(.roundness), into: &w)
    w.endObject()
    // …filled with the background colour…
    w.beginObject()
    w.key("ty")
    w.string("fl")
    w.key("c")
    write(track(.color), into: &w)
    w.key("o")
    write(track(.colorOpacity), into: &w)
    w.key("r")
    w.number(1)
    w.endObject()
    // …in the group's own identity transform.
    w.beginObject()
    w.key("ty")
    w.string("tr")
    for (key, value) in [("a", [0.0, 0]), ("p", [0, 0]), ("s", [100, 100])] {
      w.key(key)
      w.beginObject()
      w.key("a")
      w.number(0)
      w.key("k")
      w.numberArray(value)
      w.endObject()
    }
    for key in ["r", "o"] {
      w.key(key)
      w.beginObject()
      w.key("a")
      w.number(0)
      w.key("k")
      w.number(key == "o" ? 100 : 0)
      w.endObject()
    }
    w.endObject()
    w.endArray()
    w.endObject()
    w.endArray()
    w.endObject()
  }

  /// `{"a": 0, "k": value}` when still; `{"a": 1, "k": [keyframes]}` when animated, each with
  /// linear handles (or `h: 1`) but the last, which has neither.
  private func write(_ track: Track, into w: inout JSONWriter) {
    w.beginObject()
    w.key("a")
    w.number(track.animated ? 1 : 0)
    w.key("k")
    if !track.animated {
      let value = track.keyframes[0].value
      if value.count == 1 { w.number(value[0]) } else { w.numberArray(value) }
      w.endObject()
      return
    }
    w.beginArray()
    for (k, keyframe) in track.keyframes.enumerated() {
      w.beginObject()
      w.key("t")
      w.number(keyframe.frame)
      w.key("s")
      w.numberArray(keyframe.value)
      if k < track.keyframes.count - 1 {
        switch keyframe.easing {
        case .hold:
          w.key("h")
          w.number(1)
        case .linear:
          // Straight: the handles on the diagonal, one curve for every dimension.
          w.key("o")
          Self.handle(0, 0, into: &w)
          w.key("i")
          Self.handle(1, 1, into: &w)
        case .curve(let bezier):
          let (x1, y1, x2, y2) = (bezier.x1, bezier.y1, bezier.x2, bezier.y2)
          w.key("o")
          Self.handle(x1, y1, into: &w)
          w.key("i")
          Self.handle(x2, y2, into: &w)
          // A name per curve, to full precision: rlottie and lottie-web cache easings by `n`,
          // and rlottie without it by the handles to 2 decimals, so two curves that differ in
          // the third would share the first one parsed.
          w.key("n")
          w.string(
            "at_" + [x1, y1, x2, y2].map(numberText).joined(separator: "_"))
        }
      }
      w.endObject()
    }
    w.endArray()
    w.endObject()
  }

  /// `{"x": [x], "y": [y]}`, written number by number (no array a handle: four a keyframe).
  private static func handle(_ x: Double, _ y: Double, into w: inout JSONWriter) {
    w.beginObject()
    w.key("x")
    w.beginArray()
    w.number(x)
    w.endArray()
    w.key("y")
    w.beginArray()
    w.number(y)
    w.endArray()
    w.endObject()
  }

  /// What the export did, as the Web Animations export states it: the window, the bounds, and
  /// per layer and animated property its keyframe count, bound and largest error on the
  /// sample grid; what each layer sets or animates that Lottie cannot express.
  private func writeReport(warnings: [SceneWarning], into w: inout JSONWriter) {
    w.beginObject()
    w.key("from")
    w.number(from)
    w.key("to")
    w.number(to)
    w.key("samples")
    w.number(Double(sampleCount))
    w.key("bounds")
    w.beginObject()
    for unit in ExportUnit.allCases {
      w.key(unit.rawValue)
      w.number(bounds.bound(unit))
    }
    w.endObject()
    w.key("layers")
    w.beginArray()
    for layer in layers {
      w.beginObject()
      w.key("name")
      w.string(layer.name)
      w.key("properties")
      w.beginArray()
      for track in layer.tracks where track.animated {
        w.beginObject()
        w.key("property")
        w.string(track.property.rawValue)
        w.key("keyframeCount")
        w.number(Double(track.keyframes.count))
        w.key("bound")
        w.number(track.bound)
        w.key("maxError")
        w.number(track.maxError)
        w.key("held")
        w.bool(track.keyframes.first?.easing == .hold)
        w.key("curves")
        w.number(
          Double(
            track.keyframes.filter {
              if case .curve = $0.easing { return true }
              return false
            }.count))
        w.endObject()
      }
      w.endArray()
      w.key("notExported")
      w.beginArray()
      for item in layer.notExported { w.string(item) }
      w.endArray()
      w.endObject()
    }
    w.endArray()
    w.key("warnings")
    TimelineJSONEncoder.writeWarnings(warnings + self.warnings, into: &w)
    w.endObject()
  }
}
