import TimingEngine

/// The Lottie document (lottie-spec 1.0: `ver`, `fr`, `ip`, `op`, `w`, `h`, `layers`), written
/// through the Lottie model for the players' known limits (docs/export.md "Lottie"): `ddd: 0` on
/// every layer (rlottie reads a layer without it as 3D and drops its 2D rotation), the last
/// keyframe of a property without `i`/`o` (rlottie otherwise shows its end value throughout),
/// one easing for all of a property's dimensions, no expressions, and whole frames where the
/// samples fall on them. The export's own account — bounds, errors, keyframe counts, what was
/// not exported — is the top-level `animationTiming` member, which players ignore.
extension LottieExport {
  /// The member the export's account is written in, beside lottie-spec's own.
  enum Member: String, WireMember {
    case animationTiming
  }

  /// The account's own members (`animationTiming`), and its layers' and properties'; those it
  /// shares with the Web Animations export's account are that export's cases (the window's
  /// `from` and `to` are a sample request's, `warnings` every answer's).
  enum ReportMember: String, WireMember {
    case samples, bounds, layers
  }

  enum LayerReportMember: String, WireMember {
    case name, properties
  }

  /// A property's: its `bound` and `maxError` are one number each, in the property's own unit
  /// (the Web Animations account's are objects by unit), so they are cases of their own.
  enum PropertyReportMember: String, WireMember {
    case bound, maxError, held, curves
  }

  /// The document, as the Lottie model holds it.
  var document: LottieAnimation {
    var document = LottieAnimation()
    document.version = "5.7.0"
    document.specVersion = 10000
    document.name = "animation-timing"
    document.threeD = 0
    document.frameRate = frameRate
    document.inPoint = 0
    // `op` is where the animation stops (a player shows frames before it, not it): one frame
    // past the last sample, so that the last sample is shown.
    document.outPoint = lastFrame + 1
    document.width = Double(width)
    document.height = Double(height)
    document.assets = []
    // Lottie draws the first layer on top: Core Animation's drawing order reversed.
    document.layers = drawOrder.reversed().map(layer)
    return document
  }

  func bytes(warnings: [SceneWarning]) -> [UInt8] {
    var w = JSONWriter(capacity: 16 * 1024)
    document.write(to: &w) { w in
      w.key(Member.animationTiming)
      writeReport(warnings: warnings, into: &w)
    }
    w.lineBreak()
    return w.take()
  }

  /// A shape layer: the transform, and a group holding the bounds' rectangle, its fill and the
  /// group's own identity transform; each property placed where `LottieProperty.placement`
  /// says.
  private func layer(_ index: Int) -> LottieLayer {
    let source = layers[index]
    var transform = LottieTransform()
    var rectangle = LottieRectangle()
    rectangle.direction = 1
    var fill = LottieFill()
    fill.fillRule = 1
    for track in source.tracks {
      let animated = Self.animated(track)
      switch track.property.placement {
      case .transform(let member): transform[animated: member] = animated
      case .rectangle(let member): rectangle[animated: member] = animated
      case .fill(let member): fill[animated: member] = animated
      }
    }
    var identity = LottieTransform()
    identity.anchor = LottieAnimated(still: LottieNumbers([0, 0]))
    identity.position = .combined(LottieAnimated(still: LottieNumbers([0, 0])))
    identity.scale = LottieAnimated(still: LottieNumbers([100, 100]))
    identity.rotation = LottieAnimated(still: LottieNumbers(scalar: 0))
    identity.opacity = LottieAnimated(still: LottieNumbers(scalar: 100))
    var group = LottieShapeGroup()
    group.items = [
      LottieShape(.rectangle(rectangle)), LottieShape(.fill(fill)),
      LottieShape(.transform(identity)),
    ]

    var layer = LottieLayer()
    layer.type = LottieLayer.Kind.shape.rawValue
    layer.name = source.name
    layer.index = index + 1
    layer.parent = source.parent.map { $0 + 1 }
    layer.threeD = 0
    layer.inPoint = 0
    layer.outPoint = lastFrame + 1
    layer.startTime = 0
    layer.timeStretch = 1
    layer.blendMode = 0
    layer.transform = transform
    layer.shapes = [LottieShape(.group(group), name: "bounds")]
    return layer
  }

  /// `{"a": 0, "k": value}` when still; `{"a": 1, "k": [keyframes]}` when animated, each with
  /// linear handles (or `h: 1`) but the last, which has neither.
  private static func animated(_ track: Track) -> LottieAnimated<LottieNumbers> {
    guard track.animated else {
      let value = track.keyframes[0].value
      return LottieAnimated(still: LottieNumbers(value, isScalar: value.count == 1))
    }
    var keyframes: [LottieKeyframe<LottieNumbers>] = []
    keyframes.reserveCapacity(track.keyframes.count)
    for (k, source) in track.keyframes.enumerated() {
      var keyframe = LottieKeyframe(time: source.frame, start: LottieNumbers(source.value))
      if k < track.keyframes.count - 1 {
        switch source.easing {
        case .hold: keyframe.hold = 1
        case .linear:
          // Straight: the handles on the diagonal, one curve for every dimension.
          keyframe.outHandle = LottieEasingHandle(x: 0, y: 0)
          keyframe.inHandle = LottieEasingHandle(x: 1, y: 1)
        case .curve(let bezier):
          let (x1, y1, x2, y2) = (bezier.x1, bezier.y1, bezier.x2, bezier.y2)
          keyframe.outHandle = LottieEasingHandle(x: x1, y: y1)
          keyframe.inHandle = LottieEasingHandle(x: x2, y: y2)
          // A name per curve, to full precision: rlottie and lottie-web cache easings by `n`,
          // and rlottie without it by the handles to 2 decimals, so two curves that differ in
          // the third would share the first one parsed.
          keyframe.name = .one("at_" + [x1, y1, x2, y2].map(numberText).joined(separator: "_"))
        }
      }
      keyframes.append(keyframe)
    }
    return LottieAnimated(.keyframes(keyframes))
  }

  /// What the export did, as the Web Animations export states it: the window, the bounds, and
  /// per layer and animated property its keyframe count, bound and largest error on the
  /// sample grid; what each layer sets or animates that Lottie cannot express.
  private func writeReport(warnings: [SceneWarning], into w: inout JSONWriter) {
    w.beginObject()
    w.member(SampleRequest.RangeMember.from, window.from)
    w.member(SampleRequest.RangeMember.to, window.to)
    w.member(ReportMember.samples, window.sampleCount)
    w.key(ReportMember.bounds)
    ExportUnit.write(ExportUnit.allCases, bounds.bound, to: &w)
    w.key(ReportMember.layers)
    w.objects(layers) { layer, w in
      w.member(LayerReportMember.name, layer.name)
      w.key(LayerReportMember.properties)
      w.objects(layer.tracks.filter(\.animated)) { track, w in
        w.member(TimelineExport.WAAPIAnimationMember.property, track.property.rawValue)
        w.member(TimelineExport.WAAPIAnimationMember.keyframeCount, track.keyframes.count)
        w.member(PropertyReportMember.bound, track.bound)
        w.member(PropertyReportMember.maxError, track.maxError)
        w.member(PropertyReportMember.held, track.keyframes.first?.easing == .hold)
        w.member(
          PropertyReportMember.curves,
          track.keyframes.filter {
            if case .curve = $0.easing { return true }
            return false
          }.count)
      }
      w.key(TimelineExport.WAAPITargetMember.notExported)
      w.strings(layer.notExported)
    }
    w.key(SceneWarning.ListMember.warnings)
    SceneWarning.write(warnings + self.warnings, to: &w)
    w.endObject()
  }
}
