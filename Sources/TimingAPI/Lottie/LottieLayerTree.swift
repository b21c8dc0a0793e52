import TimingEngine

/// A Lottie document resolved into the layers a frame shows (docs/lottie.md "Layers"): every
/// layer of the root composition and, through each precomposition layer, every layer of its
/// asset — an instance each, keyed by its JSON Pointer (behind the precomposition layers that
/// hold it, `/layers/3>/assets/0/layers/1`), with its parent resolved by `ind` within its own
/// composition. Cycles (a layer its own ancestor, a precomposition holding itself) are refused
/// by pointer; what the evaluation leaves out is listed (`notEvaluated`).
struct LottieLayerTree: Sendable {
  struct Instance: Sendable {
    let key: String
    /// Index into `layers`: instances of one asset's layer share it.
    let layer: Int
    /// The instance of the precomposition layer holding it; nil in the root composition.
    let container: Int?
    /// The instance of its parent, in the same composition instance.
    let parent: Int?
  }

  let frameRate: Double
  let inPoint: Double
  let outPoint: Double
  let layers: [LottieLayerTracks]
  let instances: [Instance]
  let notEvaluated: [LottieNotEvaluated]

  /// Layer instances at most (each precomposition layer instantiates its asset's layers
  /// again), and precompositions nested at most.
  static let maxInstances = 20_000
  static let maxDepth = 32
  /// The frame rates a document may have: over 10 000 frames a second no player draws.
  static let frameRates = 1e-3...1e4

  enum Member: String, WireMember {
    case fr, ip, op
  }

  /// `caches`: rlottie's and ThorVG's easing caches of the document as written
  /// (`LottieEasingCache.substitutions`), read from its JSON before the model forgets its order.
  init?(
    _ animation: LottieAnimation, caches: LottieEasingCache.Substitutions = .init(),
    in context: inout DecodingContext
  ) {
    let root = JSONPointer()
    let problemsBefore = context.problems.count
    func required(_ value: Double?, _ member: Member, _ range: ClosedRange<Double>) -> Double {
      guard let value else {
        context.fail(
          root / member.rawValue,
          "is required: the document's \(member == .fr ? "frame rate" : member == .ip ? "first frame" : "end frame")"
        )
        return 0
      }
      guard range.contains(value) else {
        context.fail(
          root / member.rawValue,
          "is \(numberText(value)); it must lie in [\(numberText(range.lowerBound)), \(numberText(range.upperBound))]"
        )
        return 0
      }
      return value
    }
    frameRate = required(animation.frameRate, .fr, Self.frameRates)
    inPoint = required(animation.inPoint, .ip, LottieTrack.valueRange)
    outPoint = required(animation.outPoint, .op, LottieTrack.valueRange)
    guard context.problems.count == problemsBefore else { return nil }
    let oldColors = Self.colorsIn255(version: animation.version)
    var builder = Builder(oldColors: oldColors, caches: caches)
    let assets = animation.assets ?? []
    var assetIndex: [String: Int] = [:]
    for (i, asset) in assets.enumerated() where asset.layers != nil {
      if let id = asset.id, assetIndex[id] == nil { assetIndex[id] = i }
    }
    builder.instantiate(
      animation.layers ?? [], at: root / LottieAnimation.Member.layers.rawValue, container: nil,
      chain: [], assets: assets, assetIndex: assetIndex, in: &context)
    guard context.problems.count == problemsBefore else { return nil }
    layers = builder.layers
    instances = builder.instances
    notEvaluated = builder.notEvaluated
  }

  /// bodymovin before 4.1.9 wrote fills' and strokes' colours in 0…255 (lottie-web's
  /// `checkColors` divides them by 255 for such files); a document without a version is read
  /// as recent.
  static func colorsIn255(version: String?) -> Bool {
    guard let version else { return false }
    let parts = version.split(separator: ".").map { Int($0) ?? 0 }
    let padded = parts + [Int](repeating: 0, count: max(0, 3 - parts.count))
    return padded[0] < 4 || (padded[0] == 4 && (padded[1] < 1 || (padded[1] == 1 && padded[2] < 9)))
  }

  /// The instances made so far, and each asset layer's tracks made once.
  private struct Builder {
    let oldColors: Bool
    var layers: [LottieLayerTracks] = []
    var instances: [Instance] = []
    var notEvaluated: [LottieNotEvaluated] = []
    /// A layer's tracks by its pointer, made at its first instance.
    var made: [String: Int] = [:]
    var refused = false
    /// Compositions walked already: their warnings are said once, not per instance.
    var walked: Set<String> = []

    let caches: LottieEasingCache.Substitutions
    init(oldColors: Bool, caches: LottieEasingCache.Substitutions) {
      self.oldColors = oldColors
      self.caches = caches
    }

    mutating func instantiate(
      _ compLayers: [LottieLayer], at pointer: JSONPointer, container: Int?, chain: [Int],
      assets: [LottieAsset], assetIndex: [String: Int], in context: inout DecodingContext
    ) {
      guard !refused else { return }
      let first = instances.count
      let firstVisit = walked.insert(pointer.description).inserted
      let prefix = container.map { instances[$0].key + ">" } ?? ""
      // `ind` → the first layer with it (lottie-web's lookup is the same, within the
      // composition).
      var byIndex: [Int: Int] = [:]
      for (i, layer) in compLayers.enumerated() {
        if let index = layer.index, byIndex[index] == nil { byIndex[index] = i }
      }
      var trackIndices: [Int] = []
      for (i, layer) in compLayers.enumerated() {
        let at = pointer / i
        let key = at.description
        if let known = made[key] {
          trackIndices.append(known)
          continue
        }
        guard
          let tracks = LottieLayerTracks(
            layer, at: at, oldColors: oldColors, caches: caches, in: &context)
        else {
          trackIndices.append(-1)
          continue
        }
        made[key] = layers.count
        trackIndices.append(layers.count)
        layers.append(tracks)
        notEvaluated += LottieNotEvaluated.listing(layer, at: at)
      }
      guard !trackIndices.contains(-1) else {
        refused = true
        return
      }
      // Parents, and cycles among them.
      var parentOf: [Int?] = []
      for (i, layer) in compLayers.enumerated() {
        guard let parent = layer.parent else {
          parentOf.append(nil)
          continue
        }
        guard let target = byIndex[parent] else {
          if firstVisit {
            context.warn(
              pointer / i / LottieLayer.Member.parent.rawValue,
              "names no layer of its composition (no ind \(parent)); the layer has no parent, as players read it"
            )
          }
          parentOf.append(nil)
          continue
        }
        parentOf.append(target)
      }
      // Each layer's chain walked once (a layer known to reach a root ends a walk): a new walk
      // from every layer of a 20 000-long chain took 31 s (debug).
      var reachesRoot = [Bool](repeating: false, count: compLayers.count)
      for start in compLayers.indices where !reachesRoot[start] {
        var path: [Int] = []
        var onPath: Set<Int> = []
        var current: Int? = start
        while let j = current, !reachesRoot[j] {
          if onPath.contains(j) {
            context.fail(
              pointer / start / LottieLayer.Member.parent.rawValue,
              "leads back to a layer through its parents (\(compLayers[start].parent.map(String.init) ?? "")): parenting must not cycle"
            )
            refused = true
            return
          }
          onPath.insert(j)
          path.append(j)
          current = parentOf[j]
        }
        for j in path { reachesRoot[j] = true }
      }
      guard instances.count + compLayers.count <= LottieLayerTree.maxInstances else {
        context.fail(
          pointer,
          "makes more than \(LottieLayerTree.maxInstances) layer instances with the precompositions that hold it; a timeline evaluates at most that many"
        )
        refused = true
        return
      }
      for (i, _) in compLayers.enumerated() {
        instances.append(
          Instance(
            key: prefix + (pointer / i).description, layer: trackIndices[i], container: container,
            parent: parentOf[i].map { first + $0 }))
      }
      // Precompositions: their asset's layers, behind this instance.
      for (i, layer) in compLayers.enumerated() where layer.kind == .precomposition {
        guard let id = layer.referenceID else { continue }
        let refPointer = pointer / i / LottieLayer.Member.referenceID.rawValue
        guard let asset = assetIndex[id] else {
          if firstVisit {
            context.warn(
              refPointer, "names no precomposition among the assets; nothing is shown through it")
          }
          continue
        }
        guard !chain.contains(asset) else {
          context.fail(
            refPointer,
            "names the precomposition '\(id.prefix(60))', which holds this layer: a precomposition must not include itself"
          )
          refused = true
          return
        }
        guard chain.count < LottieLayerTree.maxDepth else {
          context.fail(
            refPointer, "nests precompositions more than \(LottieLayerTree.maxDepth) deep")
          refused = true
          return
        }
        instantiate(
          assets[asset].layers ?? [],
          at: JSONPointer() / LottieAnimation.Member.assets.rawValue / asset
            / LottieAsset.Member.layers.rawValue,
          container: first + i, chain: chain + [asset], assets: assets, assetIndex: assetIndex,
          in: &context)
        guard !refused else { return }
      }
    }
  }
}
