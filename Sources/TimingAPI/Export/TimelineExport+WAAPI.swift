import TimingEngine

/// The export as JSON for `element.animate()` (docs/export.md "What comes back").
extension TimelineExport {
  /// The document's members (openapi.yaml `WAAPIExport`) beside its `warnings`
  /// (`SceneWarning.ListMember`).
  enum WAAPIMember: String, WireMember {
    case animations, targets, sample
  }

  /// An animation's members: its element, property, keyframes and `animate()` options, how it
  /// was made, and its fit.
  enum WAAPIAnimationMember: String, WireMember {
    case target, property, keyframes, options, method, bound, maxError, keyframeCount
  }

  /// A keyframe's members beside the property's value, which is named by the property.
  enum WAAPIKeyframeMember: String, WireMember {
    case offset, easing
  }

  /// `options`' members: Web Animations' `KeyframeEffectOptions`, in milliseconds.
  enum WAAPIOptionsMember: String, WireMember {
    case duration, delay, iterations, direction, fill, easing
  }

  /// A target's members beside its `target` (named as an animation's).
  enum WAAPITargetMember: String, WireMember {
    case style, layerStyle, notExported
  }

  /// `sample`'s members beside `from` and `to` (named as a request's `sample` range names
  /// them, `SampleRequest.RangeMember`): how many samples the window holds.
  enum WAAPISampleMember: String, WireMember {
    case count
  }

  func writeWAAPI(warnings: [SceneWarning], into json: inout JSONWriter) {
    json.beginObject()
    json.key(WAAPIMember.animations)
    json.beginArray()
    for track in tracks {
      json.beginObject()
      json.member(WAAPIAnimationMember.target, targets[track.layer].name)
      json.member(WAAPIAnimationMember.property, track.property.waapiName)
      json.key(WAAPIAnimationMember.keyframes)
      json.beginArray()
      for keyframe in track.keyframes {
        json.beginObject()
        json.member(WAAPIKeyframeMember.offset, keyframe.offset)
        json.key(track.property.waapiName)
        json.string(CSSValueText.text(track.property, keyframe.value))
        json.member(WAAPIKeyframeMember.easing, keyframe.easing.text)
        json.endObject()
      }
      json.endArray()
      json.key(WAAPIAnimationMember.options)
      let timing = self.timing(track)
      json.beginObject()
      // Milliseconds, as Web Animations counts.
      json.member(WAAPIOptionsMember.duration, timing.duration * 1000)
      json.member(WAAPIOptionsMember.delay, timing.delay * 1000)
      json.member(WAAPIOptionsMember.iterations, timing.iterations)
      json.member(WAAPIOptionsMember.direction, timing.direction.rawValue)
      json.member(WAAPIOptionsMember.fill, timing.fill.rawValue)
      json.member(WAAPIOptionsMember.easing, timing.easing.text)
      json.endObject()
      json.member(WAAPIAnimationMember.method, track.timing == nil ? "baked" : "mapped")
      writeFit(track, into: &json)
      json.endObject()
    }
    json.endArray()
    json.key(WAAPIMember.targets)
    json.objects(targets) { target, json in
      json.member(WAAPIAnimationMember.target, target.name)
      json.key(WAAPITargetMember.style)
      writeStyle(target.style, into: &json)
      json.key(WAAPITargetMember.layerStyle)
      writeStyle(target.layerStyle, into: &json)
      json.key(WAAPITargetMember.notExported)
      json.strings(target.notExported)
    }
    writeWindow(into: &json)
    json.key(SceneWarning.ListMember.warnings)
    SceneWarning.write(warnings, to: &json)
    json.endObject()
  }

  /// CSS declarations as an object for `Object.assign(element.style, …)`: WAAPI's camelCase
  /// names, which a style declaration takes as its properties.
  func writeStyle(_ style: [(property: CSSProperty, text: String)], into json: inout JSONWriter) {
    json.beginObject()
    for (property, text) in style {
      json.key(property.waapiName)
      json.string(text)
    }
    json.endObject()
  }

  /// The bound requested and the worst error reached, per unit, and the keyframe count.
  func writeFit(_ track: Track, into json: inout JSONWriter) {
    json.key(WAAPIAnimationMember.bound)
    ExportUnit.write(track.property.units, bounds.bound, to: &json)
    json.key(WAAPIAnimationMember.maxError)
    ExportUnit.write(track.property.units, { track.maxError[$0] ?? 0 }, to: &json)
    json.member(WAAPIAnimationMember.keyframeCount, track.keyframes.count)
  }

  func writeWindow(into json: inout JSONWriter) {
    json.key(WAAPIMember.sample)
    json.beginObject()
    json.member(SampleRequest.RangeMember.from, window.from)
    json.member(SampleRequest.RangeMember.to, window.to)
    json.member(WAAPISampleMember.count, window.sampleCount)
    json.endObject()
  }
}
