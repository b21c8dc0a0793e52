import TimingEngine

/// `UIView.AnimationOptions` by name, in an `animate` block's `options` (semantics.md §5.5).
enum AnimationBlockOption: String, CaseIterable {
  case curveEaseInOut
  case curveEaseIn
  case curveEaseOut
  case curveLinear
  case beginFromCurrentState
  case allowUserInteraction
  case layoutSubviews
  case `repeat`
  case autoreverse
  case overrideInheritedDuration
  case overrideInheritedCurve
  case allowAnimatedContent
  case showHideTransitionViews
  case overrideInheritedOptions
  case legacyAbsolute

  /// What the option changes in the block. The options without a case of their own are
  /// accepted and change nothing this model computes: they concern interaction, layout,
  /// nested blocks and view transitions, not the animations a block adds.
  func apply(to block: inout AnimationBlock) {
    switch self {
    case .curveEaseIn: block.curve = .named(.easeIn)
    case .curveEaseOut: block.curve = .named(.easeOut)
    case .curveLinear: block.curve = .named(.linear)
    case .curveEaseInOut: block.curve = .named(.easeInEaseOut)
    case .beginFromCurrentState: block.beginFromCurrentState = true
    case .legacyAbsolute: block.additive = false
    case .allowUserInteraction, .layoutSubviews, .repeat, .autoreverse,
      .overrideInheritedDuration, .overrideInheritedCurve, .allowAnimatedContent,
      .showHideTransitionViews, .overrideInheritedOptions:
      break
    }
  }
}
