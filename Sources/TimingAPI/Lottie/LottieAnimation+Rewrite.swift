/// The lint's rewrites (`?fix=true`, docs/lottie.md "Lint"): the document changed so that the
/// player shows what the timeline shows, everything else — unknown members included — kept.
extension LottieAnimation {
  mutating func rewrite(_ rules: Set<LottieLintRule>) {
    func fix(_ layers: inout [LottieLayer]?) {
      guard var list = layers else { return }
      for i in list.indices { list[i].rewrite(rules) }
      layers = list
    }
    fix(&layers)
    if var assets {
      for j in assets.indices { fix(&assets[j].layers) }
      self.assets = assets
    }
  }
}
