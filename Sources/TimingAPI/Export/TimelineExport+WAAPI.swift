import TimingEngine

/// The export as JSON for `element.animate()` (docs/export.md "What comes back").
extension TimelineExport {
  func writeWAAPI(warnings: [SceneWarning], into json: inout JSONWriter) {
    json.beginObject()
    json.key("animations")
    json.beginArray()
    for track in tracks {
      json.beginObject()
      json.key("target")
      json.string(targets[track.layer].name)
      json.key("property")
      json.string(track.property.waapiName)
      json.key("keyframes")
      json.beginArray()
      for keyframe in track.keyframes {
        json.beginObject()
        json.key("offset")
        json.number(keyframe.offset)
        json.key(track.property.waapiName)
        json.string(CSSValueText.text(track.property, keyframe.value))
        json.key("easing")
        json.string(keyframe.easing.text)
        json.endObject()
      }
      json.endArray()
      json.key("options")
      let timing = self.timing(track)
      json.beginObject()
      // Milliseconds, as Web Animations counts.
      json.key("duration")
      json.number(timing.duration * 1000)
      json.key("delay")
      json.number(timing.delay * 1000)
      json.key("iterations")
      json.number(timing.iterations)
      json.key("direction")
      json.string(timing.direction.rawValue)
      json.key("fill")
      json.string(timing.fill.rawValue)
      json.key("easing")
      json.string(timing.easing.text)
      json.endObject()
      json.key("method")
      json.string(track.timing == nil ? "baked" : "mapped")
      writeFit(track, into: &json)
      json.endObject()
    }
    json.endArray()
    json.key("targets")
    json.beginArray()
    for target in targets {
      json.beginObject()
      json.key("target")
      json.string(target.name)
      json.key("style")
      writeStyle(target.style, into: &json)
      json.key("layerStyle")
      writeStyle(target.layerStyle, into: &json)
      json.key("notExported")
      json.beginArray()
      for keyPath in target.notExported { json.string(keyPath) }
      json.endArray()
      json.endObject()
    }
    json.endArray()
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
    json.key("bound")
    json.beginObject()
    for unit in track.property.units {
      json.key(unit.rawValue)
      json.number(bounds.bound(unit))
    }
    json.endObject()
    json.key("maxError")
    json.beginObject()
    for unit in track.property.units {
      json.key(unit.rawValue)
      json.number(track.maxError[unit] ?? 0)
    }
    json.endObject()
    json.key("keyframeCount")
    json.number(track.keyframes.count)
  }

  func writeWindow(into json: inout JSONWriter) {
    json.key("sample")
    json.beginObject()
    json.key("from")
    json.number(from)
    json.key("to")
    json.number(to)
    json.key("count")
    json.number(sampleCount)
    json.endObject()
  }
}
