import TimingEngine

/// `POST /v1/lottie/lint`'s answer (docs/lottie.md "Lint"): for each rule a player departs by
/// (`LottieLintRule`), the file evaluated as that player does, rule by rule, against the
/// timeline's exact evaluation at the same frames; a finding for each layer instance that shows
/// a difference — the rule, the property or layer that causes it (its JSON Pointer), the frames,
/// the largest difference at the layer's box corners in pixels, in opacity and in colour — and
/// for the rules whose difference is not evaluated (a frame that fails, an expression), the
/// finding with its pointer alone.
struct LottieLint: Sendable {
  struct Finding: Sendable {
    let rule: LottieLintRule
    let pointer: JSONPointer
    /// The layer instance that shows it (for a rule whose difference is not evaluated, the
    /// first instance of the layer with the cause).
    let layer: String?
    let box: [Double]?
    /// The frames (of those linted) that differ, as ranges of consecutive ones.
    let frames: [ClosedRange<Double>]
    /// The largest differences, and the frame of the largest in pixels (else in opacity).
    let pixels: Double?
    let opacity: Double?
    let color: Double?
    let largestAt: Double?
    /// Frames where one shows the layer and the other does not.
    let visibility: [ClosedRange<Double>]
    /// For a player's unsupported feature, which.
    var feature: LottieFeature? = nil
  }

  /// A player's whole departure at one layer instance: every rule of it at once (`playback`),
  /// as the player shows the file — rules evaluated alone do not add up where several move one
  /// layer (a time remap read otherwise takes a layer out of its span, where python-lottie,
  /// which never culls inside a precomposition, still draws it).
  struct PlayerLayer: Sendable {
    let player: LottieLintRule.Player
    let layer: String
    let box: [Double]
    let frames: [ClosedRange<Double>]
    let pixels, opacity, color: Double
    let largestAt: Double?
    let visibility: [ClosedRange<Double>]
    /// The player's rules with a finding at this layer.
    let rules: [LottieLintRule]
  }

  let tree: LottieLayerTree
  let frames: [Double]
  let findings: [Finding]
  /// Each player linted for, with a rule that applies: its layers that differ, all rules at once.
  let players: [(LottieLintRule.Player, [PlayerLayer])]
  let warnings: [SceneWarning]
  /// The first instance and frame whose exact evaluation overflows double (`LottieTimeline`'s
  /// `overflow`): the lint has nothing to compare there.
  let overflow: (instance: Int, frame: Double)?

  enum Member: String, WireMember {
    case frameRate, frames, rules, findings, players, notEvaluated, warnings
  }

  enum PlayerMember: String, WireMember {
    case versions, playback, layers
  }

  enum PlayerLayerMember: String, WireMember {
    case layer, box, frames, largest, visibility, rules
  }

  enum RuleMember: String, WireMember {
    case players, versions, source, summary, rewrite
  }

  enum FramesMember: String, WireMember {
    case first, last, count
  }

  enum FindingMember: String, WireMember {
    case rule, pointer, layer, box, frames, largest, visibility, feature, detail
  }

  enum LargestMember: String, WireMember {
    case pixels, opacity, color, frame
  }

  /// Differences under these are not findings: the checks against players compare to 1e-3 px
  /// (lottie-web, whose float32 products round 1e-5 px at 100 px) and 1e-6 px (python-lottie,
  /// in double: its solver's 1e-5 of a move was 2.6e-5 px on issue_2270), so half the finer
  /// is reported; an opacity or a colour channel differs at all above double rounding (1e-9
  /// in 0…1).
  static let pixelThreshold = 5e-7
  static let valueThreshold = 1e-9

  /// The rules that apply to the file, each with its causes in it: found once, for the charge
  /// and for the lint.
  static func applicable(
    in tree: LottieLayerTree, frames: [Double],
    features: [(layer: JSONPointer, at: JSONPointer, feature: LottieFeature)] = [],
    players: Set<LottieLintRule.Player> = Set(LottieLintRule.Player.allCases)
  ) -> [(rule: LottieLintRule, causes: [(Int, JSONPointer, CauseKind)])] {
    LottieLintRule.allCases.filter { !players.isDisjoint(with: $0.players) }
      .map { ($0, causes($0, in: tree, features: features, frames: frames)) }
      .filter { !$0.causes.isEmpty }
  }

  /// The work of linting `frames` frames: each rule that applies evaluates the tree once more,
  /// the polyline's 150 points at each spatial evaluation 20 times a plain evaluation's work.
  static func cost(
    _ tree: LottieLayerTree, frames: Int,
    rules: [(rule: LottieLintRule, causes: [(Int, JSONPointer, CauseKind)])]
  ) -> Int {
    let applying = rules
    let rules = applying.map(\.rule)
    // A pass: every instance and its fills and strokes at every frame (250 000 fills were not
    // counted, and took 169 s debug at 300 frames).
    var perFrame = 0
    var keys = 0
    for instance in tree.instances {
      perFrame = WorkBudget.adding(
        perFrame, passCost + tree.layers[instance.layer].paints.count * paintCost)
      keys = WorkBudget.adding(keys, instance.key.utf8.count)
    }
    let pass = WorkBudget.multiplying(perFrame, frames)
    var total = pass
    // rlottie's walk along a path, per instance whose position has tangents, at every frame:
    // a pass that follows it (`.rlottie`) walks each once more.
    var walking = 0
    var pieces: [Int: Int] = [:]
    for instance in tree.instances {
      if pieces[instance.layer] == nil {
        var most = 0
        if case .combined(let track)? = tree.layers[instance.layer].position {
          for segment in track.segments {
            guard let path = LottieTrack.rlottiePath(segment) else { continue }
            most = max(most, path.estimatedPieces)
          }
        }
        pieces[instance.layer] = most
      }
      walking = WorkBudget.adding(walking, pieces[instance.layer] ?? 0)
    }
    let walks = WorkBudget.multiplying(WorkBudget.multiplying(walking, frames), rlottiePieceCost)
    // Another walk for the direction of an auto-oriented layer (rlottie's and ThorVG's turns).
    var orienting = 0
    for instance in tree.instances where tree.layers[instance.layer].autoOrient {
      orienting = WorkBudget.adding(orienting, pieces[instance.layer] ?? 0)
    }
    let turns = WorkBudget.multiplying(WorkBudget.multiplying(orienting, frames), rlottiePieceCost)
    let walked: Set<LottiePlayback.ArcLength> = [.rlottie, .thorvg]
    let turned: Set<LottiePlayback.AutoOrient> = [.curveOnly, .thorvgTangent]
    let players = Set(rules.filter { $0.playback != nil }.flatMap(\.players))
    for playback in rules.compactMap(\.playback) + players.map(\.playback) {
      if walked.contains(playback.arcLength) { total = WorkBudget.adding(total, walks) }
      if turned.contains(playback.autoOrient) { total = WorkBudget.adding(total, turns) }
    }
    // python-lottie's time through each precomposition holding an instance, at every frame.
    let depth = tree.instances.reduce(0) { sum, instance in
      var levels = 0
      var current = instance.container
      while let c = current {
        levels += 1
        current = tree.instances[c].container
      }
      return WorkBudget.adding(sum, levels)
    }
    let folds = WorkBudget.multiplying(WorkBudget.multiplying(depth, frames), passCost)
    for playback in rules.compactMap(\.playback) + players.map(\.playback)
    where playback.timeRemap == .fractionOfLayerSpan {
      total = WorkBudget.adding(total, folds)
    }
    // Each cause of a rule that is not evaluated is a finding of its own: its pointer and
    // detail written (100 000 merge paths made a 135 MB answer for 6.7 M units).
    for (rule, causes) in applying where rule.playback == nil {
      for (_, pointer, _) in causes {
        total = WorkBudget.adding(total, instanceCost)
        total = WorkBudget.adding(
          total,
          WorkBudget.multiplying(pointer.description.utf8.count + 200, LottieTimeline.byteCost))
      }
    }
    for rule in rules {
      // Each instance's cause, comparison and finding (its key written), whatever the frames.
      total = WorkBudget.adding(
        total, WorkBudget.multiplying(tree.instances.count, instanceCost))
      total = WorkBudget.adding(
        total, WorkBudget.multiplying(keys, LottieTimeline.byteCost))
      guard rule.playback != nil else { continue }
      total = WorkBudget.adding(
        total, WorkBudget.multiplying(pass, rule == .spatialPolyline ? 2 : 1))
    }
    // Each player's rules at once: a pass (lottie-web's with its polyline, two), and each
    // instance's entry.
    for player in players {
      total = WorkBudget.adding(
        total, WorkBudget.multiplying(pass, player == .lottieWeb ? 2 : 1))
      total = WorkBudget.adding(
        total, WorkBudget.multiplying(tree.instances.count, instanceCost))
    }
    return total
  }

  /// Work units of one piece of a walk along a path as rlottie walks it
  /// (`LottieRlottiePath.estimatedPieces`: its steps times the pieces each measures): 100
  /// layers along paths 4e7 px long, 61 frames, rlottie's rule and pass, took 0.45 s in release
  /// (37 µs a walk), paths of 300 px 3 µs a walk; charged 2 units a piece, 40–400 µs a walk.
  static let rlottiePieceCost = 2

  /// A fill's or a stroke's colour and opacity evaluated and compared at a frame.
  static let paintCost = 100

  /// Work units of evaluating one layer instance at one frame and comparing it: 500 layers at
  /// 120 frames, three passes (exact, lottie-web's easing and its polyline), took 0.135 s in
  /// release, 0.75 µs an instance a frame a pass, charged at about 4 ns a unit (the polyline's
  /// 150 points, built at each spatial evaluation, as two passes); and an instance's finding a
  /// rule: 19 998 instances at 4 frames, two rules, took 0.88 s, refused at 168 M units.
  static let passCost = 150
  static let instanceCost = 3_000

  /// What an evaluation against the exact one is for: one rule alone, or a player's all.
  enum Evaluated {
    case rule(LottieLintRule)
    case player(LottieLintRule.Player)
  }

  /// One rule's differences at one instance, gathered frame by frame.
  struct Tally {
    var differing: [Double] = []
    var hidden: [Double] = []
    var pixels = 0.0
    var opacity = 0.0
    var color = 0.0
    var at: Double?
  }

  init(
    tree: LottieLayerTree, frames: [Double],
    rules: [(rule: LottieLintRule, causes: [(Int, JSONPointer, CauseKind)])],
    features: [(layer: JSONPointer, at: JSONPointer, feature: LottieFeature)] = [],
    warnings: [SceneWarning]
  ) {
    var featureAt: [String: LottieFeature] = [:]
    for found in features { featureAt[found.at.description] = found.feature }
    self.tree = tree
    self.frames = frames
    self.warnings = warnings
    var findings: [Finding] = []
    // Each layer's first instance, for the findings whose difference is not evaluated (a search
    // of the instances for each cause was quadratic: 36 s debug for 80 000 causes).
    var firstInstance: [Int: Int] = [:]
    for (i, instance) in tree.instances.enumerated() where firstInstance[instance.layer] == nil {
      firstInstance[instance.layer] = i
    }
    var evaluated: [(Evaluated, LottiePlayback, Causes)] = []
    for (rule, found) in rules {
      let causes = Causes(found, tree: tree)
      guard !causes.isEmpty else { continue }
      guard let playback = rule.playback else {
        for (layer, pointer, _) in causes.list {
          findings.append(
            Finding(
              rule: rule, pointer: pointer,
              layer: firstInstance[layer].map { tree.instances[$0].key },
              box: nil, frames: [], pixels: nil, opacity: nil, color: nil, largestAt: nil,
              visibility: [],
              feature: Self.trigger(rule) == .unsupported
                ? featureAt[pointer.description] : nil))
        }
        continue
      }
      evaluated.append((.rule(rule), playback, causes))
    }
    // Each player's rules at once, where any of its evaluated rules applies.
    var linted: [LottieLintRule.Player] = []
    for player in LottieLintRule.Player.allCases {
      let found = rules.filter { $0.rule.players.contains(player) && $0.rule.playback != nil }
        .flatMap(\.causes)
      guard !found.isEmpty else { continue }
      linted.append(player)
      evaluated.append((.player(player), player.playback, Causes(found, tree: tree)))
    }
    // Frame by frame: the exact evaluation once, each rule's against it, only the tallies kept
    // (all frames' evaluations held at once took 2.8 GB for 250 000 fills at 300 frames).
    let n = tree.instances.count
    var tallies = [[Tally]](
      repeating: [Tally](repeating: Tally(), count: n), count: evaluated.count)
    var exactState = LottieLayerTree.FrameState(count: n)
    var variantState = LottieLayerTree.FrameState(count: n)
    var overflow: (instance: Int, frame: Double)?
    for frame in frames {
      tree.evaluate(frame, into: &exactState, playback: .exact)
      if overflow == nil,
        let i = exactState.world.firstIndex(where: {
          ![$0.a, $0.b, $0.c, $0.d, $0.tx, $0.ty].allSatisfy(\.isFinite)
        })
      {
        overflow = (i, frame)
      }
      let exactPaints = Self.paints(tree, exactState, playback: .exact)
      for (r, (_, playback, causes)) in evaluated.enumerated() {
        tree.evaluate(frame, into: &variantState, playback: playback)
        let variantPaints = Self.paints(tree, variantState, playback: playback)
        for i in 0..<n where causes.reaches(i) {
          let layer = tree.layers[tree.instances[i].layer]
          let pixels = Self.cornerDistance(
            exactState.world[i], variantState.world[i], box: layer.box)
          let opacity = abs(exactState.alpha[i] - variantState.alpha[i])
          let color = zip(exactPaints[i], variantPaints[i]).map { abs($0 - $1) }.max() ?? 0
          // Drawn: shown and not transparent (a layer at opacity 0 draws nothing, and lottie-web
          // hides it). What is drawn differs only where both draw the layer.
          let drawn = (
            exactState.visible[i] && exactState.alpha[i] > 1e-6,
            variantState.visible[i] && variantState.alpha[i] > 1e-6
          )
          if exactState.visible[i] != variantState.visible[i] || drawn.0 != drawn.1 {
            tallies[r][i].hidden.append(frame)
          }
          guard drawn.0 && drawn.1 else { continue }
          guard
            pixels > Self.pixelThreshold || opacity > Self.valueThreshold
              || color > Self.valueThreshold
          else { continue }
          var tally = tallies[r][i]
          tally.differing.append(frame)
          // The frame of the largest difference that counts: in pixels where any is over the
          // threshold, else in opacity, else in colour (solver noise of 1e-12 px picked it).
          let counted = pixels > Self.pixelThreshold ? pixels : 0
          if tally.at == nil || counted > tally.pixels
            || (tally.pixels == 0 && counted == 0
              && (opacity > tally.opacity || (tally.opacity == 0 && color > tally.color)))
          {
            tally.at = frame
          }
          tally.pixels = max(tally.pixels, counted)
          tally.opacity = max(tally.opacity, opacity)
          tally.color = max(tally.color, color)
          tallies[r][i] = tally
        }
      }
    }
    var playerLayers: [LottieLintRule.Player: [PlayerLayer]] = [:]
    // The rules found at each instance, for the players' entries (a search of the findings for
    // each was players × instances × findings: 47 s for 1 200 layers).
    var rulesAt: [String: [LottieLintRule]] = [:]
    for (r, (evaluation, _, held)) in evaluated.enumerated() {
      guard case .rule(let rule) = evaluation else { continue }
      var causes = held
      for i in 0..<n {
        let tally = tallies[r][i]
        guard !tally.differing.isEmpty || !tally.hidden.isEmpty else { continue }
        var kinds: Set<CauseKind> = []
        if tally.pixels > 0 { kinds.insert(.transform) }
        if tally.opacity > 0 || !tally.hidden.isEmpty { kinds.insert(.opacity) }
        if tally.color > 0 { kinds.insert(.paint) }
        guard let cause = causes.nearest(to: i, moving: kinds) else { continue }
        findings.append(
          Finding(
            rule: rule, pointer: cause, layer: tree.instances[i].key,
            box: tree.layers[tree.instances[i].layer].box,
            frames: Self.ranges(tally.differing, in: frames), pixels: tally.pixels,
            opacity: tally.opacity, color: tally.color,
            largestAt: tally.differing.isEmpty ? nil : tally.at,
            visibility: Self.ranges(tally.hidden, in: frames)))
      }
    }
    for finding in findings {
      if let layer = finding.layer { rulesAt[layer, default: []].append(finding.rule) }
    }
    for (r, (evaluation, _, _)) in evaluated.enumerated() {
      guard case .player(let player) = evaluation else { continue }
      for i in 0..<n {
        let tally = tallies[r][i]
        guard !tally.differing.isEmpty || !tally.hidden.isEmpty else { continue }
        let key = tree.instances[i].key
        let ruled = (rulesAt[key] ?? []).filter { $0.players.contains(player) }
        var seen: Set<LottieLintRule> = []
        playerLayers[player, default: []].append(
          PlayerLayer(
            player: player, layer: key, box: tree.layers[tree.instances[i].layer].box,
            frames: Self.ranges(tally.differing, in: frames), pixels: tally.pixels,
            opacity: tally.opacity, color: tally.color,
            largestAt: tally.differing.isEmpty ? nil : tally.at,
            visibility: Self.ranges(tally.hidden, in: frames),
            rules: ruled.filter { seen.insert($0).inserted }))
      }
    }
    self.findings = findings
    self.players = linted.map { ($0, playerLayers[$0] ?? []) }
    self.overflow = overflow
  }

  /// Each instance's fills' and strokes' r, g, b and opacity at the frame just evaluated.
  static func paints(
    _ tree: LottieLayerTree, _ state: LottieLayerTree.FrameState, playback: LottiePlayback
  ) -> [[Double]] {
    tree.instances.indices.map { i -> [Double] in
      let layer = tree.layers[tree.instances[i].layer]
      guard !layer.paints.isEmpty else { return [] }
      return layer.paints.flatMap { paint in
        paint.color.value(at: state.compFrame[i], playback: playback).prefix(3)
          + [(paint.opacity?.value(at: state.compFrame[i], playback: playback).first ?? 100) / 100]
      }
    }
  }

  /// A rule's causes indexed by layer, and for each instance the nearest one — in its own
  /// layer, else its parents' (nearest first), else the precompositions holding it — found once
  /// and remembered: walking each instance's chain anew took 315 s (debug) for 4 000 layers
  /// parented in a line.
  struct Causes {
    let list: [(Int, JSONPointer, CauseKind)]
    let byLayer: [Int: [(JSONPointer, CauseKind)]]
    let tree: LottieLayerTree
    /// Whether the instance has any cause at all, and the nearest of each kind set asked.
    let anyCause: [Bool]

    init(_ list: [(Int, JSONPointer, CauseKind)], tree: LottieLayerTree) {
      self.list = list
      self.tree = tree
      var byLayer: [Int: [(JSONPointer, CauseKind)]] = [:]
      for (layer, pointer, kind) in list { byLayer[layer, default: []].append((pointer, kind)) }
      self.byLayer = byLayer
      // In instance order a container comes before what it holds; a parent may come later, so
      // parents are resolved by a memoized walk.
      var any = [Bool?](repeating: nil, count: tree.instances.count)
      func resolve(_ i: Int) -> Bool {
        if let known = any[i] { return known }
        var chain: [Int] = []
        var current: Int? = i
        var found = false
        while let j = current {
          if let known = any[j] {
            found = known
            break
          }
          if byLayer[tree.instances[j].layer] != nil {
            found = true
            chain.append(j)
            break
          }
          chain.append(j)
          current = tree.instances[j].parent
        }
        if !found, let c = tree.instances[i].container { found = resolve(c) }
        for j in chain { any[j] = any[j] ?? found }
        any[i] = found
        return found
      }
      anyCause = tree.instances.indices.map { resolve($0) }
    }

    var isEmpty: Bool { list.isEmpty }

    func reaches(_ instance: Int) -> Bool { anyCause[instance] }

    /// The nearest cause that moves what differs (`kinds`; a layer's own cause moves anything),
    /// else the nearest of any kind: up the instance's parents, then its container's. Each
    /// instance's answer is remembered for each set of kinds, so a chain is walked once.
    mutating func nearest(to instance: Int, moving kinds: Set<CauseKind>) -> JSONPointer? {
      let key =
        (kinds.contains(.transform) ? 1 : 0) + (kinds.contains(.opacity) ? 2 : 0)
        + (kinds.contains(.paint) ? 4 : 0)
      return search(instance, key: key) { $0 == .layer || kinds.contains($0) }
        ?? search(instance, key: 8) { _ in true }
    }

    /// Remembered answers: by key (a set of kinds, 0…8), by instance; `.some(nil)` is "none".
    /// Arrays mutated in place, so remembering costs nothing per search.
    var memo: [[JSONPointer??]] = []

    private mutating func search(_ instance: Int, key: Int, _ accept: (CauseKind) -> Bool)
      -> JSONPointer?
    {
      if memo.isEmpty {
        memo = [[JSONPointer??]](
          repeating: [JSONPointer??](repeating: nil, count: tree.instances.count), count: 9)
      }
      var path: [Int] = []
      var result: JSONPointer?
      var current: Int? = instance
      while let j = current {
        if let known = memo[key][j] {
          result = known
          break
        }
        path.append(j)
        if let found = byLayer[tree.instances[j].layer]?.first(where: { accept($0.1) }) {
          result = found.0
          break
        }
        current = tree.instances[j].parent ?? tree.instances[j].container
      }
      for j in path { memo[key][j] = .some(result) }
      return result
    }
  }

  /// The largest distance between where two transforms put the box's corners.
  static func cornerDistance(_ a: LottieAffine, _ b: LottieAffine, box: [Double]) -> Double {
    var worst = 0.0
    for (x, y) in [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])] {
      let dx = (a.a - b.a) * x + (a.c - b.c) * y + (a.tx - b.tx)
      let dy = (a.b - b.b) * x + (a.d - b.d) * y + (a.ty - b.ty)
      worst = max(worst, (dx * dx + dy * dy).squareRoot())
    }
    return worst
  }

  /// Frames as ranges of consecutive linted frames.
  static func ranges(_ selected: [Double], in frames: [Double]) -> [ClosedRange<Double>] {
    let selected = selected.sorted()
    guard !selected.isEmpty else { return [] }
    var index: [Double: Int] = [:]
    for (i, f) in frames.enumerated() where index[f] == nil { index[f] = i }
    var out: [ClosedRange<Double>] = []
    var start = selected[0]
    var previous = selected[0]
    for f in selected.dropFirst() {
      if let i = index[f], let j = index[previous], i == j + 1 {
        previous = f
        continue
      }
      out.append(start...previous)
      (start, previous) = (f, f)
    }
    out.append(start...previous)
    return out
  }

  /// What a cause moves: a finding's difference in pixels is put down to a cause that moves the
  /// layer, one in opacity to its opacity, one in colour to a paint; a layer's own cause (its
  /// `sr`, `tm`, `ao`, a missing `st`) to any.
  enum CauseKind: Sendable {
    case layer, transform, opacity, paint
  }

  /// What makes a rule apply: the players' rules of one kind share it.
  enum Trigger: Equatable {
    /// A precomposition without a time remap at sr ≠ 1 and st ≠ 0 (the two orders differ).
    case stretchedPrecompositionWithStart
    /// A precomposition without a time remap at sr ≠ 1.
    case stretchedPrecomposition
    /// A precomposition, without a time remap or with a still one, at sr ≠ 1 or a fractional st.
    case truncatedPrecomposition
    case timeRemap, autoOrient, missingStartTime, skewAxis, layerSkew, rotationZ
    case rotationWithoutTwoD, splitPosition, unknownLayerType, parented
    case opacityInWholePercents, anchorTangents, expressions, unsupported
    /// A layer that may show otherwise at the ends of its span: ending before its
    /// composition's op (where the player includes op; a precomposition's layers always), at a
    /// fractional ip or op (where it rounds them), hidden, or of a type it does not draw.
    case spanEnds
    /// Any layer, where the player draws another frame than one linted (rlottie whole frames
    /// within [ip, op], ThorVG within [ip, op − 1]).
    case otherFrames
    /// A track's: one keyframe; the last keyframe eased.
    case singleKeyframe, lastKeyframeEased
    /// A segment's.
    case segment(SegmentTest)
  }

  enum SegmentTest: Equatable {
    case handleXOutside, eased, spatial, holdWithTangents, withoutHandles, pythonHolds
    case perDimension, tangents, tangentsOffTheLine, tangentsOnTheLine, outHandleXNegative
    case cached(LottieEasingCache)
  }

  static func trigger(_ rule: LottieLintRule) -> Trigger {
    switch rule {
    case .precompositionTimeOrder, .iosPrecompositionTimeOrder, .androidPrecompositionTimeOrder,
      .skottiePrecompositionTimeOrder, .thorvgPrecompositionTimeOrder:
      .stretchedPrecompositionWithStart
    case .pythonTimeStretch: .stretchedPrecomposition
    case .rlottiePrecompositionTime: .truncatedPrecomposition
    case .timeRemapStretch, .pythonTimeRemap, .iosTimeRemap, .androidTimeRemap, .rlottieTimeRemap,
      .skottieTimeRemap, .thorvgTimeRemap:
      .timeRemap
    case .autoOrientDifference, .pythonAutoOrient, .iosAutoOrient, .androidAutoOrient,
      .rlottieAutoOrient, .skottieAutoOrient, .thorvgAutoOrient:
      .autoOrient
    case .missingStartTime: .missingStartTime
    case .pythonSkewAxis: .skewAxis
    case .iosLayerSkew, .rlottieLayerSkew: .layerSkew
    case .pythonRotationZ: .rotationZ
    case .rlottieRotationWithoutDdd: .rotationWithoutTwoD
    case .pythonSplitPosition: .splitPosition
    case .pythonLayerType: .unknownLayerType
    case .pythonVisibility, .iosMainThreadVisibility, .rlottieVisibility: .spanEnds
    case .rlottieWholeFrames, .thorvgLastFrame: .otherFrames
    case .pythonOpacityThroughParents: .parented
    case .androidOpacityWholePercent: .opacityInWholePercents
    case .rlottieAnchorTangents, .thorvgAnchorTangents: .anchorTangents
    case .expressions: .expressions
    case .pythonUnsupported, .iosUnsupported, .androidUnsupported, .rlottieUnsupported,
      .thorvgUnsupported, .skottieUnsupported:
      .unsupported
    case .singleKeyframe: .singleKeyframe
    case .rlottieLastKeyframeEased: .lastKeyframeEased
    case .easingHandleX, .pythonEasingHandleX, .rlottieEasingHandleX, .thorvgEasingHandleX:
      .segment(.handleXOutside)
    case .easingSolver, .pythonEasingSolver, .rlottieEasingSolver, .thorvgEasingSolver:
      .segment(.eased)
    case .spatialPolyline: .segment(.spatial)
    case .holdWithTangents: .segment(.holdWithTangents)
    case .keyframeWithoutHandles, .rlottieKeyframeWithoutHandles: .segment(.withoutHandles)
    case .pythonHolds: .segment(.pythonHolds)
    case .pythonEasingFirstDimension, .iosEasingFirstDimension, .androidEasingFirstDimension,
      .rlottieEasingFirstDimension, .skottieEasingFirstDimension, .thorvgEasingFirstDimension:
      .segment(.perDimension)
    case .pythonSpatialTime: .segment(.tangentsOffTheLine)
    case .rlottieSpatialLength, .thorvgSpatialLength: .segment(.tangents)
    case .rlottieEasingCache: .segment(.cached(.rlottie))
    case .thorvgEasingCache: .segment(.cached(.thorvg))
    case .pythonTangentsOnTheLine: .segment(.tangentsOnTheLine)
    case .androidEasingOutHandleX: .segment(.outHandleXNegative)
    }
  }

  /// Where a rule applies in the file: (layer, the pointer of what makes it apply, what it
  /// moves). `features`: the document's (`LottieFeature.found`), for the players' unsupported
  /// features.
  static func causes(
    _ rule: LottieLintRule, in tree: LottieLayerTree,
    features: [(layer: JSONPointer, at: JSONPointer, feature: LottieFeature)] = [],
    frames: [Double] = []
  ) -> [(Int, JSONPointer, CauseKind)] {
    var out: [(Int, JSONPointer, CauseKind)] = []
    // Rules of the frames linted: none where the player draws every frame linted.
    if trigger(rule) == .otherFrames, let playback = rule.playback,
      !frames.contains(where: { tree.drawnFrame($0, playback: playback) != $0 })
    {
      return out
    }
    // Layers held by a precomposition (their span is within another composition's).
    let contained = Set(tree.instances.filter { $0.container != nil }.map(\.layer))
    let value = LottieAnimated<LottieNumbers>.Member.value.rawValue
    let trigger = Self.trigger(rule)
    // A layer by its pointer (a search of the layers for each cause was quadratic).
    var byPointer: [String: Int] = [:]
    for (i, layer) in tree.layers.enumerated() { byPointer[layer.pointer.description] = i }
    if trigger == .expressions {
      for item in tree.notEvaluated where item.feature == .expressions {
        guard let at = LottieNotEvaluated.layerPointer(of: item.pointer),
          let layer = byPointer[at.description]
        else { continue }
        out.append((layer, item.pointer, .layer))
      }
      return out
    }
    if trigger == .unsupported {
      guard let player = rule.players.first else { return out }
      for found in features where player.unsupported(found.feature) != nil {
        guard let layer = byPointer[found.layer.description] else { continue }
        out.append((layer, found.at, .layer))
      }
      return out
    }
    let parented =
      trigger == .parented ? Set(tree.instances.filter { $0.parent != nil }.map(\.layer)) : []
    let ks = LottieLayer.Member.transform.rawValue
    for (i, layer) in tree.layers.enumerated() {
      func add(_ pointer: JSONPointer, _ kind: CauseKind) { out.append((i, pointer, kind)) }
      let precomposition = layer.kind == .precomposition
      switch trigger {
      case .stretchedPrecompositionWithStart:
        if precomposition, layer.timeStretch != 1, layer.startTime != 0, layer.timeRemap == nil {
          add(layer.pointer / LottieLayer.Member.timeStretch.rawValue, .layer)
        }
      case .stretchedPrecomposition:
        if precomposition, layer.timeStretch != 1, layer.timeRemap == nil {
          add(layer.pointer / LottieLayer.Member.timeStretch.rawValue, .layer)
        }
      case .truncatedPrecomposition:
        if precomposition, !(layer.timeRemap?.isAnimated ?? false),
          layer.timeStretch != 1 || layer.startTime != layer.startTime.rounded(.towardZero)
        {
          add(layer.pointer / LottieLayer.Member.timeStretch.rawValue, .layer)
        }
      case .timeRemap:
        if layer.timeRemap != nil {
          add(layer.pointer / LottieLayer.Member.timeRemap.rawValue, .layer)
        }
      case .autoOrient:
        if layer.autoOrient, layer.position != nil {
          add(layer.pointer / LottieLayer.Member.autoOrient.rawValue, .layer)
        }
      case .missingStartTime:
        if !layer.startTimeGiven { add(layer.pointer, .layer) }
      case .skewAxis:
        if layer.skew != nil, layer.skewAxis != nil {
          add(layer.pointer / ks / LottieTransform.Member.skewAxis.rawValue, .transform)
        }
      case .layerSkew:
        if let skew = layer.skew, skew.isAnimated || (skew.still?.first ?? 0) != 0 {
          add(skew.pointer, .transform)
        }
      case .rotationZ:
        if layer.rotationFromZ, let rotation = layer.rotation { add(rotation.pointer, .transform) }
      case .rotationWithoutTwoD:
        if !layer.twoDStated, !layer.rotationFromZ, let rotation = layer.rotation {
          add(rotation.pointer, .transform)
        }
      case .splitPosition:
        if case .split(let x, let y) = layer.position, x.isAnimated || y.isAnimated {
          add(layer.pointer / ks / LottieTransform.Member.position.rawValue, .transform)
        }
      case .unknownLayerType:
        if !(layer.kind?.pythonLottieLoads ?? false) {
          add(layer.pointer / LottieLayer.Member.type.rawValue, .layer)
        }
      case .otherFrames:
        add(layer.pointer, .layer)
      case .spanEnds:
        let fractional =
          layer.inPoint != layer.inPoint.rounded() || layer.outPoint != layer.outPoint.rounded()
        if contained.contains(i) || layer.outPoint < tree.outPoint || fractional || layer.hidden
          || !(layer.kind?.pythonLottieDraws ?? false)
        {
          add(layer.pointer, .layer)
        }
      case .parented:
        if parented.contains(i) {
          add(layer.pointer / LottieLayer.Member.parent.rawValue, .opacity)
        }
      case .opacityInWholePercents:
        if let opacity = layer.opacity,
          opacity.isAnimated || (opacity.still?.first).map({ $0 != $0.rounded() }) == true
        {
          add(opacity.pointer, .opacity)
        }
      case .anchorTangents:
        if let anchor = layer.anchor,
          let k = anchor.segments.firstIndex(where: { $0.spatial != nil })
        {
          add(anchor.pointer / value / k, .transform)
        }
      case .singleKeyframe, .lastKeyframeEased, .segment:
        let paintTracks = Set(
          layer.paints.flatMap { [$0.color.pointer] + ($0.opacity.map { [$0.pointer] } ?? []) }
            .map(\.description))
        for track in layer.tracks {
          let kind: CauseKind =
            paintTracks.contains(track.pointer.description)
            ? .paint
            : track.pointer.description == layer.opacity?.pointer.description
              ? .opacity : .transform
          switch trigger {
          case .singleKeyframe:
            if track.keyframeCount == 1 { add(track.pointer, kind) }
            continue
          case .lastKeyframeEased:
            if track.lastKeyframeEased {
              add(track.pointer / value / (track.keyframeCount - 1), kind)
            }
            continue
          case .segment(let test):
            if let k = track.segments.firstIndex(where: { Self.applies(test, $0) }) {
              add(track.pointer / value / k, kind)
            }
          case .stretchedPrecompositionWithStart, .stretchedPrecomposition,
            .truncatedPrecomposition, .timeRemap, .autoOrient, .missingStartTime, .skewAxis,
            .layerSkew, .rotationZ, .rotationWithoutTwoD, .splitPosition, .unknownLayerType,
            .spanEnds, .otherFrames, .parented, .opacityInWholePercents,
            .anchorTangents, .expressions, .unsupported:
            continue
          }
        }
      case .expressions, .unsupported:
        break
      }
    }
    return out
  }

  /// Whether a segment is one the test finds.
  static func applies(_ test: SegmentTest, _ segment: LottieTrack.Segment) -> Bool {
    switch test {
    case .handleXOutside:
      (segment.handles ?? []).contains { !(0...1).contains($0[0]) || !(0...1).contains($0[2]) }
    case .eased: !segment.hold && segment.easings.contains { $0 != nil }
    case .spatial: segment.spatial != nil && !segment.hold
    case .holdWithTangents: segment.spatial != nil && segment.hold
    case .withoutHandles: !segment.hold && segment.handles == nil
    // Held by either reading: at the next keyframe's own time python-lottie still holds; a
    // hold with handles it moves, one without a flag it holds.
    case .pythonHolds: segment.hold || segment.handles == nil
    case .perDimension: (segment.handles ?? []).contains { $0 != segment.handles?[0] }
    case .tangents: segment.tangents != nil
    case .cached(let cache): segment.cached[cache] != nil
    case .tangentsOffTheLine: segment.tangents != nil && segment.spatial != nil
    case .tangentsOnTheLine: segment.tangents != nil && segment.spatial == nil
    case .outHandleXNegative: (segment.handles ?? []).contains { $0[0] < 0 }
    }
  }

  func write(to w: inout JSONWriter) {
    w.beginObject()
    w.member(Member.frameRate, tree.frameRate)
    w.key(Member.frames)
    w.beginObject()
    w.member(FramesMember.first, frames.first ?? 0)
    w.member(FramesMember.last, frames.last ?? 0)
    w.member(FramesMember.count, frames.count)
    w.endObject()
    // Each rule found, once: what it is and where it was read.
    w.key(Member.rules)
    w.beginObject()
    for rule in LottieLintRule.allCases where findings.contains(where: { $0.rule == rule }) {
      w.key(rule.rawValue)
      w.beginObject()
      w.key(RuleMember.players)
      w.beginArray()
      for player in rule.players { w.string(player.rawValue) }
      w.endArray()
      w.member(RuleMember.versions, rule.versions)
      w.member(RuleMember.source, rule.source)
      w.member(RuleMember.summary, rule.summary)
      w.key(RuleMember.rewrite)
      if let rewrite = rule.rewrite { w.string(rewrite) } else { w.null() }
      w.endObject()
    }
    w.endObject()
    w.key(Member.findings)
    w.beginArray()
    for finding in findings {
      w.beginObject()
      w.member(FindingMember.rule, finding.rule.rawValue)
      w.member(FindingMember.pointer, finding.pointer.description)
      w.key(FindingMember.layer)
      if let layer = finding.layer { w.string(layer) } else { w.null() }
      w.key(FindingMember.box)
      if let box = finding.box {
        w.beginArray()
        box.withUnsafeBufferPointer { w.numbers($0) }
        w.endArray()
      } else {
        w.null()
      }
      w.key(FindingMember.frames)
      Self.writeRanges(finding.frames, to: &w)
      w.key(FindingMember.largest)
      if let pixels = finding.pixels {
        Self.writeLargest(
          pixels: pixels, opacity: finding.opacity ?? 0, color: finding.color ?? 0,
          at: finding.largestAt, to: &w)
      } else {
        w.null()
      }
      w.key(FindingMember.visibility)
      Self.writeRanges(finding.visibility, to: &w)
      w.key(FindingMember.feature)
      if let feature = finding.feature { w.string(feature.rawValue) } else { w.null() }
      w.key(FindingMember.detail)
      if let feature = finding.feature, let detail = finding.rule.player.unsupported(feature) {
        w.string(detail)
      } else {
        w.null()
      }
      w.endObject()
    }
    w.endArray()
    w.key(Member.players)
    w.beginObject()
    for (player, layers) in players {
      w.key(player.rawValue)
      w.beginObject()
      w.member(PlayerMember.versions, player.versions)
      w.member(PlayerMember.playback, player.playbackSummary)
      w.key(PlayerMember.layers)
      w.beginArray()
      for layer in layers {
        w.beginObject()
        w.member(PlayerLayerMember.layer, layer.layer)
        w.key(PlayerLayerMember.box)
        w.beginArray()
        layer.box.withUnsafeBufferPointer { w.numbers($0) }
        w.endArray()
        w.key(PlayerLayerMember.frames)
        Self.writeRanges(layer.frames, to: &w)
        w.key(PlayerLayerMember.largest)
        Self.writeLargest(
          pixels: layer.pixels, opacity: layer.opacity, color: layer.color, at: layer.largestAt,
          to: &w)
        w.key(PlayerLayerMember.visibility)
        Self.writeRanges(layer.visibility, to: &w)
        w.key(PlayerLayerMember.rules)
        w.beginArray()
        for rule in layer.rules { w.string(rule.rawValue) }
        w.endArray()
        w.endObject()
      }
      w.endArray()
      w.endObject()
    }
    w.endObject()
    w.key(Member.notEvaluated)
    LottieNotEvaluated.write(tree.notEvaluated, to: &w)
    w.key(Member.warnings)
    SceneWarning.write(warnings, to: &w)
    w.endObject()
  }

  /// A finding's or a player's entry's `largest`: the differences and the frame of the largest.
  static func writeLargest(
    pixels: Double, opacity: Double, color: Double, at: Double?, to w: inout JSONWriter
  ) {
    w.beginObject()
    w.member(LargestMember.pixels, pixels)
    w.member(LargestMember.opacity, opacity)
    w.member(LargestMember.color, color)
    w.key(LargestMember.frame)
    if let at { w.number(at) } else { w.null() }
    w.endObject()
  }

  static func writeRanges(_ ranges: [ClosedRange<Double>], to w: inout JSONWriter) {
    w.beginArray()
    for range in ranges {
      w.beginArray()
      w.number(range.lowerBound)
      w.number(range.upperBound)
      w.endArray()
    }
    w.endArray()
  }
}
