/// The Canvas library's animation types (semantics.md §7): each a start state set outside any
/// animation block, then steps run as UIView animation blocks of duration/N, easeInEaseOut, the
/// first after the delay, each next at the previous one's completion.
/// The set of names a scene chooses from; what each does is `CanvasPreset+Script.swift`.
public enum CanvasPreset: String, Sendable, CaseIterable {
  case bounceLeft, bounceRight, bounceDown, bounceUp
  case slideLeft, slideRight, slideDown, slideUp, slideDownReverse
  case fadeIn, fadeOut, fadeInSemi, fadeOutSemi
  case fadeInLeft, fadeInRight, fadeInDown, fadeInUp, fadeOutLeft, fadeOutRight
  case pop, popDown, popAlpha, popAlphaUp, popAlphaOut, morph, flash, shake, zoomIn, zoomOut
}
