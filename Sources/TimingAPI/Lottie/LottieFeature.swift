/// A feature of a file that some player does not draw, or draws otherwise (docs/lottie.md
/// "Lint", unsupported features): found in the document by pointer, each player's reading of
/// it in `LottieLintRule.Player.unsupported`.
enum LottieFeature: String, CaseIterable, Sendable {
  case expressions, threeDRotation, lumaMatte, matteParent, maskLighten, maskDarken
  case maskDifference, masksWithoutHasMask, effects, layerStyles, blendMode, textLayer
  case mergePaths, offsetPath, puckerBloat, twist, zigZag
  /// A gradient whose stops (`g.k`) hold fewer opacity stops than colour stops (`g.p`): its
  /// array neither 4·p numbers nor 6·p.
  case gradientStopsShort

  /// A gradient's members read here (lottie-spec 1.0 "Gradient"): its stops `g`, their count
  /// `p` and values `k`.
  enum GradientMember: String, WireMember {
    case stops = "g", count = "p", values = "k"
  }

  /// Whether a gradient item's stops hold fewer opacity stops than colour stops: any of its
  /// arrays (a still one, or each keyframe's `s`) is neither 4·p long nor 6·p or more.
  static func gradientStopsShort(_ item: JSONValue) -> Bool {
    func member(_ value: JSONValue?, _ name: String) -> JSONValue? {
      guard case .object(let members)? = value else { return nil }
      return members.first { $0.0 == name }?.1
    }
    let stops = member(item, GradientMember.stops.rawValue)
    guard case .number(let p)? = member(stops, GradientMember.count.rawValue), p >= 1, p < 1e6
    else { return false }
    let count = Int(p)
    func short(_ values: JSONValue?) -> Bool {
      guard case .array(let numbers)? = values else { return false }
      return numbers.count != 4 * count && numbers.count < 6 * count
    }
    let values = member(
      member(stops, GradientMember.values.rawValue), GradientMember.values.rawValue)
    if case .array(let items)? = values, case .object? = items.first {
      return items.contains {
        short(member($0, LottieKeyframe<LottieNumbers>.Member.start.rawValue))
      }
    }
    return short(values)
  }

  /// A mask's member read here (lottie-spec 1.0 "Mask"), and its modes.
  enum MaskMember: String, WireMember {
    case mode
  }

  enum MaskMode: String {
    case add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d"
    case difference = "f", none = "n"
  }

  /// Each feature in the document: the layer's pointer, where the feature is, and which.
  static func found(in animation: LottieAnimation, notEvaluated: [LottieNotEvaluated]) -> [(
    layer: JSONPointer, at: JSONPointer, feature: LottieFeature
  )] {
    var out: [(JSONPointer, JSONPointer, LottieFeature)] = []
    // Expressions, as the evaluation lists them.
    for item in notEvaluated where item.feature == .expressions {
      guard let layer = LottieNotEvaluated.layerPointer(of: item.pointer) else { continue }
      out.append((layer, item.pointer, .expressions))
    }
    func visit(_ layers: [LottieLayer]?, at prefix: JSONPointer) {
      for (i, layer) in (layers ?? []).enumerated() {
        let pointer = prefix / i
        func add(_ at: JSONPointer, _ feature: LottieFeature) { out.append((pointer, at, feature)) }
        let ks = pointer / LottieLayer.Member.transform.rawValue
        if let transform = layer.transform {
          // A turn about x or y, or an orientation, that is not still at 0.
          for member in [LottieTransform.Member.rotationX, .rotationY, .orientation] {
            guard let property = transform[animated: member] else { continue }
            if case .still(let value) = property.content, value.values.allSatisfy({ $0 == 0 }) {
              continue
            }
            add(ks / member.rawValue, .threeDRotation)
          }
        }
        if let mode = layer.matteMode, mode == 3 || mode == 4 {
          add(pointer / LottieLayer.Member.matteMode.rawValue, .lumaMatte)
        }
        if layer.matteParent != nil {
          add(pointer / LottieLayer.Member.matteParent.rawValue, .matteParent)
        }
        if case .array(let masks)? = layer.masks {
          let at = pointer / LottieLayer.Member.masks.rawValue
          if layer.hasMask != true, !masks.isEmpty { add(at, .masksWithoutHasMask) }
          for (k, mask) in masks.enumerated() {
            guard case .object(let members) = mask,
              case .string(let text)? = members.first(where: { $0.0 == MaskMember.mode.rawValue })?
                .1,
              let mode = MaskMode(rawValue: text)
            else { continue }
            let modeAt = at / k / MaskMember.mode.rawValue
            switch mode {
            case .lighten: add(modeAt, .maskLighten)
            case .darken: add(modeAt, .maskDarken)
            case .difference: add(modeAt, .maskDifference)
            case .add, .subtract, .intersect, .none: break
            }
          }
        }
        if layer.effects != nil { add(pointer / LottieLayer.Member.effects.rawValue, .effects) }
        if layer.styles != nil { add(pointer / LottieLayer.Member.styles.rawValue, .layerStyles) }
        if let mode = layer.blendMode, mode != 0 {
          add(pointer / LottieLayer.Member.blendMode.rawValue, .blendMode)
        }
        if layer.kind == .text { add(pointer / LottieLayer.Member.type.rawValue, .textLayer) }
        func shapes(_ items: [LottieShape]?, at prefix: JSONPointer) {
          for (k, item) in (items ?? []).enumerated() {
            let at = prefix / k
            switch item.content {
            case .group(let group):
              shapes(group.items, at: at / LottieShapeGroup.Member.items.rawValue)
            case .unmodelled(let type, let json):
              if type == .gradientFill || type == .gradientStroke, Self.gradientStopsShort(json) {
                add(at, .gradientStopsShort)
              }
              switch type {
              case .merge?: add(at, .mergePaths)
              case .offsetPath?: add(at, .offsetPath)
              case .puckerBloat?: add(at, .puckerBloat)
              case .twist?: add(at, .twist)
              case .zigZag?: add(at, .zigZag)
              case .group?, .rectangle?, .ellipse?, .polystar?, .path?, .fill?, .stroke?,
                .gradientFill?, .gradientStroke?, .noStyle?, .transform?, .roundedCorners?,
                .trim?, .repeater?, nil:
                break
              }
            case .rectangle, .ellipse, .path, .fill, .stroke, .transform: break
            }
          }
        }
        shapes(layer.shapes, at: pointer / LottieLayer.Member.shapes.rawValue)
      }
    }
    visit(animation.layers, at: JSONPointer() / LottieAnimation.Member.layers.rawValue)
    for (j, asset) in (animation.assets ?? []).enumerated() {
      visit(
        asset.layers,
        at: JSONPointer() / LottieAnimation.Member.assets.rawValue / j
          / LottieAsset.Member.layers.rawValue)
    }
    return out
  }
}
