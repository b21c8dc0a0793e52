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
  }

  let tree: LottieLayerTree
  let frames: [Double]
  let findings: [Finding]
  let warnings: [SceneWarning]

  enum Member: String, WireMember {
    case frameRate, frames, rules, findings, notEvaluated, warnings
  }

  enum RuleMember: String, WireMember {
    case player, versions, source, summary, rewrite
  }

  enum FramesMember: String, WireMember {
    case first, last, count
  }

  enum FindingMember: String, WireMember {
    case rule, pointer, layer, box, frames, largest, visibility
  }

  enum LargestMember: String, WireMember {
    case pixels, opacity, color, frame
  }

  /// Differences under these are not findings: a float32 product's rounding is 1e-5 px at
  /// 100 px, and the checks against players compare to 1e-3 px, so half that is reported; an
  /// opacity or a colour channel differs at all above double rounding (1e-9 in 0…1).
  static let pixelThreshold = 5e-4
  static let valueThreshold = 1e-9

  /// The rules that apply to the file: those with a cause in it.
  static func applicable(in tree: LottieLayerTree) -> [LottieLintRule] {
    LottieLintRule.allCases.filter { !causes($0, in: tree).isEmpty }
  }

  /// The work of linting `frames` frames: each rule that applies evaluates the tree once more,
  /// the polyline's 150 points at each spatial evaluation 20 times a plain evaluation's work.
  static func cost(_ tree: LottieLayerTree, frames: Int, rules: [LottieLintRule]) -> Int {
    let pass = WorkBudget.multiplying(
      WorkBudget.multiplying(tree.instances.count, frames), passCost)
    var total = pass
    for rule in rules {
      // Each instance's cause, comparison and finding, whatever the frames.
      total = WorkBudget.adding(
        total, WorkBudget.multiplying(tree.instances.count, instanceCost))
      guard rule.playback != nil else { continue }
      total = WorkBudget.adding(
        total, WorkBudget.multiplying(pass, rule == .spatialPolyline ? 2 : 1))
    }
    return total
  }

  /// Work units of evaluating one layer instance at one frame and comparing it: 500 layers at
  /// 120 frames, three passes (exact, lottie-web's easing and its polyline), took 0.135 s in
  /// release, 0.75 µs an instance a frame a pass, charged at about 4 ns a unit (the polyline's
  /// 150 points, built at each spatial evaluation, as two passes); and an instance's finding a
  /// rule: 19 998 instances at 4 frames, two rules, took 0.88 s, refused at 168 M units.
  static let passCost = 150
  static let instanceCost = 3_000

  init(tree: LottieLayerTree, frames: [Double], rules: [LottieLintRule], warnings: [SceneWarning]) {
    self.tree = tree
    self.frames = frames
    self.warnings = warnings
    var findings: [Finding] = []
    let exact = Self.evaluateAll(tree, frames: frames, playback: .exact)
    for rule in rules {
      let causes = Self.causes(rule, in: tree)
      guard !causes.isEmpty else { continue }
      guard let playback = rule.playback else {
        for (layer, pointer, _) in causes {
          let key = tree.instances.first { $0.layer == layer }?.key
          findings.append(
            Finding(
              rule: rule, pointer: pointer, layer: key, box: nil, frames: [], pixels: nil,
              opacity: nil, color: nil, largestAt: nil, visibility: []))
        }
        continue
      }
      let variant = Self.evaluateAll(tree, frames: frames, playback: playback)
      for i in tree.instances.indices {
        let layer = tree.layers[tree.instances[i].layer]
        guard Self.cause(of: i, among: causes, in: tree, moving: []) != nil else { continue }
        var differing: [Double] = []
        var hidden: [Double] = []
        var worst = (pixels: 0.0, opacity: 0.0, color: 0.0, at: frames[0])
        for (k, frame) in frames.enumerated() {
          let a = exact[k]
          let b = variant[k]
          let pixels = Self.cornerDistance(a.world[i], b.world[i], box: layer.box)
          let opacity = abs(a.alpha[i] - b.alpha[i])
          let color = zip(a.paints[i], b.paints[i]).map { abs($0 - $1) }.max() ?? 0
          // Drawn: shown and not transparent (a layer at opacity 0 draws nothing, and lottie-web
          // hides it). What is drawn differs only where both draw the layer.
          let drawn = (a.visible[i] && a.alpha[i] > 1e-6, b.visible[i] && b.alpha[i] > 1e-6)
          if a.visible[i] != b.visible[i] || drawn.0 != drawn.1 { hidden.append(frame) }
          guard drawn.0 && drawn.1 else { continue }
          if pixels > Self.pixelThreshold || opacity > Self.valueThreshold
            || color > Self.valueThreshold
          {
            differing.append(frame)
            // The frame of the largest difference that counts: in pixels where any is over the
            // threshold, else in opacity, else in colour (solver noise of 1e-12 px picked it).
            let counted = pixels > Self.pixelThreshold ? pixels : 0
            if counted > worst.pixels
              || (worst.pixels == 0 && counted == 0
                && (opacity > worst.opacity || (worst.opacity == 0 && color > worst.color)))
            {
              worst.at = frame
            }
            worst.pixels = max(worst.pixels, counted)
            worst.opacity = max(worst.opacity, opacity)
            worst.color = max(worst.color, color)
          }
        }
        guard !differing.isEmpty || !hidden.isEmpty else { continue }
        var kinds: Set<CauseKind> = []
        if worst.pixels > 0 { kinds.insert(.transform) }
        if worst.opacity > 0 || !hidden.isEmpty { kinds.insert(.opacity) }
        if worst.color > 0 { kinds.insert(.paint) }
        guard let cause = Self.cause(of: i, among: causes, in: tree, moving: kinds) else {
          continue
        }
        findings.append(
          Finding(
            rule: rule, pointer: cause, layer: tree.instances[i].key, box: layer.box,
            frames: Self.ranges(differing, in: frames), pixels: worst.pixels,
            opacity: worst.opacity, color: worst.color,
            largestAt: differing.isEmpty ? nil : worst.at,
            visibility: Self.ranges(hidden, in: frames)))
      }
    }
    self.findings = findings
  }

  /// What one frame shows, for every instance.
  struct Shown {
    var world: [LottieAffine]
    var alpha: [Double]
    var visible: [Bool]
    var paints: [[Double]]
  }

  static func evaluateAll(_ tree: LottieLayerTree, frames: [Double], playback: LottiePlayback)
    -> [Shown]
  {
    var state = LottieLayerTree.FrameState(count: tree.instances.count)
    return frames.map { frame in
      tree.evaluate(frame, into: &state, playback: playback)
      let paints = tree.instances.indices.map { i -> [Double] in
        let layer = tree.layers[tree.instances[i].layer]
        return layer.paints.flatMap { paint in
          paint.color.value(at: state.compFrame[i], playback: playback).prefix(3)
            + [
              (paint.opacity?.value(at: state.compFrame[i], playback: playback).first ?? 100) / 100
            ]
        }
      }
      return Shown(world: state.world, alpha: state.alpha, visible: state.visible, paints: paints)
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

  /// Where a rule applies in the file: (layer, the pointer of what makes it apply, what it moves).
  static func causes(_ rule: LottieLintRule, in tree: LottieLayerTree) -> [(
    Int, JSONPointer, CauseKind
  )] {
    var out: [(Int, JSONPointer, CauseKind)] = []
    let value = LottieAnimated<LottieNumbers>.Member.value.rawValue
    for (i, layer) in tree.layers.enumerated() {
      switch rule {
      case .precompositionTimeOrder:
        if layer.kind == .precomposition, layer.timeStretch != 1, layer.startTime != 0,
          layer.timeRemap == nil
        {
          out.append((i, layer.pointer / LottieLayer.Member.timeStretch.rawValue, .layer))
        }
      case .timeRemapStretch:
        if layer.timeRemap != nil {
          out.append((i, layer.pointer / LottieLayer.Member.timeRemap.rawValue, .layer))
        }
      case .autoOrientDifference:
        if layer.autoOrient, layer.position != nil {
          out.append((i, layer.pointer / LottieLayer.Member.autoOrient.rawValue, .layer))
        }
      case .missingStartTime:
        if !layer.startTimeGiven { out.append((i, layer.pointer, .layer)) }
      case .easingHandleX, .easingSolver, .spatialPolyline, .holdWithTangents, .singleKeyframe:
        let paintTracks = Set(
          layer.paints.flatMap { [$0.color.pointer] + ($0.opacity.map { [$0.pointer] } ?? []) }
            .map(\.description))
        for track in layer.tracks {
          let kind: CauseKind =
            paintTracks.contains(track.pointer.description)
            ? .paint
            : track.pointer.description == layer.opacity?.pointer.description
              ? .opacity : .transform
          if rule == .singleKeyframe {
            if track.keyframeCount == 1 { out.append((i, track.pointer, kind)) }
            continue
          }
          for (k, segment) in track.segments.enumerated() {
            let applies: Bool
            switch rule {
            case .easingHandleX:
              applies = (segment.handles ?? []).contains {
                !(0...1).contains($0[0]) || !(0...1).contains($0[2])
              }
            case .easingSolver:
              applies = !segment.hold && segment.easings.contains { $0 != nil }
            case .spatialPolyline: applies = segment.spatial != nil && !segment.hold
            case .holdWithTangents: applies = segment.spatial != nil && segment.hold
            case .precompositionTimeOrder, .timeRemapStretch, .autoOrientDifference,
              .missingStartTime, .singleKeyframe, .expressions:
              applies = false
            }
            if applies {
              out.append((i, track.pointer / value / k, kind))
              break
            }
          }
        }
      case .expressions:
        break
      }
    }
    if rule == .expressions {
      for item in tree.notEvaluated where item.feature == .expressions {
        let layer = tree.layers.firstIndex {
          item.pointer.tokens.starts(with: $0.pointer.tokens)
        }
        if let layer { out.append((layer, item.pointer, .layer)) }
      }
    }
    return out
  }

  /// The cause nearest an instance: in its own layer, else its parents' (nearest first), else
  /// the precompositions holding it (and their parents).
  static func cause(
    of instance: Int, among causes: [(Int, JSONPointer, CauseKind)], in tree: LottieLayerTree,
    moving kinds: Set<CauseKind>
  ) -> JSONPointer? {
    // Of the nearest layer's causes, one of the kinds that makes this difference; else any.
    func nearest(_ accept: (CauseKind) -> Bool) -> JSONPointer? {
      var current: Int? = instance
      while let i = current {
        var chain: Int? = i
        while let j = chain {
          if let found = causes.first(where: {
            $0.0 == tree.instances[j].layer && accept($0.2)
          }) {
            return found.1
          }
          chain = tree.instances[j].parent
        }
        current = tree.instances[i].container
      }
      return nil
    }
    return nearest { $0 == .layer || kinds.contains($0) } ?? nearest { _ in true }
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
      w.member(RuleMember.player, rule.player.rawValue)
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
        w.beginObject()
        w.member(LargestMember.pixels, pixels)
        w.member(LargestMember.opacity, finding.opacity ?? 0)
        w.member(LargestMember.color, finding.color ?? 0)
        w.key(LargestMember.frame)
        if let at = finding.largestAt { w.number(at) } else { w.null() }
        w.endObject()
      } else {
        w.null()
      }
      w.key(FindingMember.visibility)
      Self.writeRanges(finding.visibility, to: &w)
      w.endObject()
    }
    w.endArray()
    w.key(Member.notEvaluated)
    w.beginArray()
    for item in tree.notEvaluated {
      w.beginObject()
      w.member(LottieNotEvaluated.Member.pointer, item.pointer.description)
      w.member(LottieNotEvaluated.Member.feature, item.feature.rawValue)
      w.member(LottieNotEvaluated.Member.detail, item.detail)
      w.endObject()
    }
    w.endArray()
    w.key(Member.warnings)
    SceneWarning.write(warnings, to: &w)
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
