import TimingEngine

/// The export as a style sheet (docs/export.md "CSS"): one `@keyframes` rule per animated layer
/// property and one rule per layer, selected by its name in a `data-layer` attribute, holding
/// the model values of what it animates and one `animation` declaration naming all of its
/// keyframes; the rest of its look in a second rule that an element opts into.
extension TimelineExport {
  /// The name of a track's `@keyframes`: the layer's index, not its name, so that any layer
  /// name gives a valid identifier (`at-0-background-color`).
  func keyframesName(_ track: Track) -> String { "at-\(track.layer)-\(track.property.cssName)" }

  func css() -> String {
    var out =
      "/* animation-timing export: \(window.sampleCount) samples from \(numberText(window.from)) s to "
    out +=
      "\(numberText(window.to)) s; each animation mapped from its Core Animation timing or baked "
    out += "with linear easing between keyframes over that window (docs/export.md). */\n"
    for track in tracks {
      let target = targets[track.layer]
      out += "\n/* \(Self.comment(target.name)) \(track.property.cssName): "
      out += "\(track.timing == nil ? "baked" : "mapped"), \(track.keyframes.count) keyframes"
      for unit in track.property.units {
        out += "; \(unit.rawValue) error \(numberText(track.maxError[unit] ?? 0))"
        out += " (bound \(numberText(bounds.bound(unit))))"
      }
      out += " */\n@keyframes \(keyframesName(track)) {\n"
      for keyframe in track.keyframes {
        out += "  \(numberText(keyframe.offset * 100))% { \(track.property.cssName): "
        out += CSSValueText.text(track.property, keyframe.value)
        out += "; animation-timing-function: \(keyframe.easing.text); }\n"
      }
      out += "}\n"
    }
    for (index, target) in targets.enumerated() {
      out += "\n"
      if !target.notExported.isEmpty {
        out += "/* not exported: "
        out += target.notExported.map(Self.comment).joined(separator: ", ") + " */\n"
      }
      let selector = "[data-layer=\(Self.string(target.name))]"
      out += "\(selector) {\n"
      for (property, text) in target.style {
        out += "  \(property.cssName): \(text);\n"
      }
      let animations = tracks.filter { $0.layer == index }.map { track in
        // A CSS animation has no easing of its own: a mapped one moved its easing onto its
        // keyframes (`TimelineExport+Mapping.swift`), so the shorthand's is always linear.
        let timing = self.timing(track)
        return "\(keyframesName(track)) \(numberText(timing.duration * 1000))ms linear "
          + "\(numberText(timing.delay * 1000))ms \(numberText(timing.iterations)) "
          + "\(timing.direction.rawValue) \(timing.fill.rawValue)"
      }
      if !animations.isEmpty {
        out += "  animation: " + animations.joined(separator: ",\n    ") + ";\n"
      }
      out += "}\n"
      // The layer's whole look, only for an element that asks for it with a `data-layer-style`
      // attribute (`targets[].layerStyle` in the WAAPI answer): a style sheet that sized and
      // painted every `[data-layer]` element restyled the page's own.
      if !target.layerStyle.isEmpty {
        out += "\(selector)[data-layer-style] {\n"
        for (property, text) in target.layerStyle {
          out += "  \(property.cssName): \(text);\n"
        }
        out += "}\n"
      }
    }
    return out
  }

  /// A CSS string (CSS Syntax 3 §2.1 "serialize a string"): quotes and backslashes escaped,
  /// control characters as hex escapes, so any layer name selects exactly itself.
  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\u{0}": out += "\u{FFFD}"
      case "\u{1}"..."\u{1F}", "\u{7F}": out += "\\" + String(scalar.value, radix: 16) + " "
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// Text safe inside a comment: a `*/` would end it.
  static func comment(_ text: String) -> String {
    var out = ""
    for character in text {
      if character == "/" && out.last == "*" { out += " " }
      out.append(character)
    }
    return out
  }
}
