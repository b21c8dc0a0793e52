extension LottieLintRule.Player {
  /// What the player does with `feature`, and where that was read; nil where it draws it as
  /// lottie-web does (or where its source says nothing we could read).
  func unsupported(_ feature: LottieFeature) -> String? {
    switch self {
    case .lottieWeb: return nil
    case .pythonLottie:
      switch feature {
      case .expressions:
        return
          "python-lottie does not run expressions: it shows the keyframes (lottie/objects/properties.py reads k)"
      case .gradientStopsShort:
        return
          "python-lottie's SVG builder raises on a gradient with fewer opacity stops than colour stops, and draws nothing of the file (lottie/objects/properties.py GradientColors._stops_from_flat: IndexError)"
      case .threeDRotation, .lumaMatte, .matteParent, .maskLighten, .maskDarken,
        .maskDifference, .masksWithoutHasMask, .effects, .layerStyles, .blendMode, .textLayer,
        .mergePaths, .offsetPath, .puckerBloat, .twist, .zigZag:
        return nil
      }
    case .lottieIOSCoreAnimation, .lottieIOSMainThread:
      switch feature {
      case .expressions:
        return
          "lottie-ios does not run expressions (it logs them once): it shows the keyframes (Sources/Private/CoreAnimation/Extensions/CALayer+addAnimation.swift)"
      case .threeDRotation:
        return
          "lottie-ios turns by rx and ry without perspective (m34 = 0) and does not read or (Sources/Private/Model/Objects/Transform.swift)"
      case .lumaMatte:
        return
          "lottie-ios does not apply a luma matte: tt 3 decodes as unknown, tt 4 as none (Sources/Private/Model/Layers/LayerModel.swift)"
      case .matteParent:
        return "lottie-ios mattes a layer by the one above it: tp and td are not read"
      case .maskLighten:
        return
          "lottie-ios draws a lighten mask as add (Sources/Private/CoreAnimation/Layers/MaskContainerLayer.swift)"
      case .maskDifference:
        return
          "lottie-ios draws a difference mask as intersect (Sources/Private/CoreAnimation/Layers/MaskContainerLayer.swift)"
      case .mergePaths:
        return
          "lottie-ios does not draw merge paths: the paths are drawn unmerged (no merge-paths item in Sources/Private/Model/ShapeItems)"
      case .maskDarken, .masksWithoutHasMask, .effects, .layerStyles, .blendMode, .textLayer,
        .offsetPath, .puckerBloat, .twist, .zigZag, .gradientStopsShort:
        return nil
      }
    case .lottieAndroid:
      switch feature {
      case .expressions:
        return
          "lottie-android does not run expressions: it shows the keyframes (lottie/src/main/java/com/airbnb/lottie/parser/KeyframesParser.java warns only for a property that is an expression alone)"
      case .effects:
        return
          "lottie-android draws only the Gaussian blur (ty 29) and drop shadow (ty 25) effects, and warns of any (parser/LayerParser.java)"
      case .lumaMatte:
        return
          "lottie-android does not apply a luma matte: its source draws as a layer and the target unmatted (parser/LayerParser.java, model/layer/CompositionLayer.java)"
      case .maskLighten, .maskDarken, .maskDifference:
        return
          "lottie-android draws this mask mode as add (parser/MaskParser.java: an unknown mode)"
      case .mergePaths:
        return
          "lottie-android merges paths only where the app enables it (KitKat and later): else they are drawn unmerged (parser/ContentModelParser.java, model/content/MergePaths.java)"
      case .threeDRotation:
        return
          "lottie-android draws rx and ry as scales by their cosines, without perspective, and does not read or (animation/keyframe/TransformKeyframeAnimation.java)"
      case .matteParent, .masksWithoutHasMask, .layerStyles, .blendMode, .textLayer,
        .offsetPath, .puckerBloat, .twist, .zigZag, .gradientStopsShort:
        return nil
      }
    case .rlottie:
      switch feature {
      case .expressions:
        return
          "rlottie does not run expressions: it shows the keyframes (src/lottie/lottieparser.cpp parseProperty reads k)"
      case .effects: return "rlottie does not draw effects (src/lottie/lottieparser.cpp skips ef)"
      case .blendMode:
        return
          "rlottie reads a blend mode but draws every layer normally (src/lottie/lottieitem.cpp)"
      case .masksWithoutHasMask:
        return "rlottie applies masks only where hasMask is true (src/lottie/lottieitem.cpp)"
      case .maskLighten, .maskDarken:
        return "rlottie skips lighten and darken masks (src/lottie/lottieitem.cpp)"
      case .textLayer:
        return
          "rlottie draws no text layer, and a text layer moves none of the layers parented to it (src/lottie/lottieitem.cpp createLayerItem)"
      case .mergePaths:
        return "rlottie drops merge paths (src/lottie/lottieparser.cpp parseObject)"
      case .offsetPath, .puckerBloat, .twist, .zigZag:
        return "rlottie drops this shape modifier (src/lottie/lottieparser.cpp parseObject)"
      case .matteParent:
        return
          "rlottie mattes a layer by the one above it: tp and td are not read (src/lottie/lottieitem.cpp CompLayer::renderHelper)"
      case .threeDRotation:
        return
          "rlottie turns by rx and ry in a 1024 px perspective and does not read or; a ddd: 0 layer with rx, ry or rz is dropped with the layers after it (src/lottie/lottieparser.cpp)"
      case .lumaMatte, .maskDifference, .layerStyles, .gradientStopsShort:
        return nil
      }
    case .thorvg:
      switch feature {
      case .expressions:
        return
          "ThorVG runs only expressions that set $bm_rt, carrying its value over to the next, and none when threaded (src/loaders/lottie/tvgLottieExpressions.cpp)"
      case .mergePaths, .twist, .zigZag:
        return
          "ThorVG 1.0.4 does not draw merge paths, twist or zig zag (src/loaders/lottie/tvgLottieParser.cpp)"
      case .effects:
        return
          "ThorVG draws only the tint, fill, stroke, tritone, drop shadow and Gaussian blur effects (src/loaders/lottie/tvgLottieParser.cpp)"
      case .threeDRotation:
        return
          "ThorVG draws 3D turns without perspective, and reads rx, ry, rz and or only where ddd comes before ks (src/loaders/lottie/tvgLottieParser.cpp)"
      case .lumaMatte, .matteParent, .maskLighten, .maskDarken, .maskDifference,
        .masksWithoutHasMask, .layerStyles, .blendMode, .textLayer, .offsetPath, .puckerBloat,
        .gradientStopsShort:
        return nil
      }
    case .skottie:
      switch feature {
      case .expressions:
        return
          "Skottie runs no expressions unless the app gives it an ExpressionManager: it shows the keyframes (modules/skottie/src/animator/Animator.cpp)"
      case .maskLighten, .maskDarken:
        return
          "Skottie does not draw lighten or darken masks ('Unsupported mask mode', modules/skottie/src/Layer.cpp)"
      case .twist, .zigZag:
        return
          "Skottie drops this shape ('Unknown shape', modules/skottie/src/layers/shapelayer/ShapeLayer.cpp)"
      case .effects:
        return
          "Skottie draws only the effects it knows by match name (Gaussian blur, drop shadow, fill, tint, tritone, levels, …; modules/skottie/src/effects/Effects.cpp): others it logs and does not draw"
      case .threeDRotation:
        return
          "Skottie adds or to the Euler angles, and its 3D layer ignores r, sk and sa (modules/skottie/src/Transform.cpp)"
      case .lumaMatte, .matteParent, .maskDifference, .masksWithoutHasMask, .layerStyles,
        .blendMode, .textLayer, .mergePaths, .offsetPath, .puckerBloat, .gradientStopsShort:
        return nil
      }
    }
  }
}
