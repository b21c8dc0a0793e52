import TimingEngine

extension LottieSVGExport {
  /// The Web Animations form's members (`?format=waapi`): each animation as the arguments of
  /// `element.animate()` for the elements its selector names in the SVG document.
  enum WAAPIMember: String, WireMember {
    case animations, account
  }

  enum WAAPIAnimationMember: String, WireMember {
    case selector, keyframes, options
  }

  enum WAAPIKeyframeMember: String, WireMember {
    case offset, easing
  }

  enum WAAPIOptionsMember: String, WireMember {
    case duration, iterations
  }

  /// `iterations` as Web Animations reads it: WebIDL converts the string to the number
  /// Infinity (JSON has none), so the options can be passed to `animate()` as they are.
  static let loopForever = "Infinity"

  /// The animations as JSON for `element.animate(keyframes, options)` — keyframes with their
  /// offsets, values by their CSS property's camelCase name, and easing — with the account.
  func waapi(into w: inout JSONWriter) {
    w.beginObject()
    w.key(WAAPIMember.animations)
    w.beginArray()
    for animation in animations {
      w.beginObject()
      w.member(WAAPIAnimationMember.selector, "." + animation.name)
      w.key(WAAPIAnimationMember.keyframes)
      w.beginArray()
      for keyframe in animation.keyframes.keyframes {
        let (name, value) = Self.cssValue(animation.property, keyframe.values)
        w.beginObject()
        w.member(WAAPIKeyframeMember.offset, keyframe.offset)
        // The property's own name (transform, opacity, fillOpacity, …), as Web Animations keys
        // a keyframe's value.
        w.key(Self.camelCase(name))
        w.string(value)
        w.member(WAAPIKeyframeMember.easing, Self.easing(keyframe.easing))
        w.endObject()
      }
      w.endArray()
      w.key(WAAPIAnimationMember.options)
      w.beginObject()
      // Milliseconds, as Web Animations counts.
      w.member(WAAPIOptionsMember.duration, duration * 1000)
      w.member(WAAPIOptionsMember.iterations, Self.loopForever)
      w.endObject()
      w.endObject()
    }
    w.endArray()
    w.key(WAAPIMember.account)
    w.fragment(Array(account().utf8))
    w.endObject()
  }

  /// `fill-opacity` as Web Animations names it in a keyframe: `fillOpacity`.
  static func camelCase(_ name: String) -> String {
    var out = ""
    var upper = false
    for c in name {
      if c == "-" {
        upper = true
      } else {
        out += upper ? c.uppercased() : String(c)
        upper = false
      }
    }
    return out
  }
}
