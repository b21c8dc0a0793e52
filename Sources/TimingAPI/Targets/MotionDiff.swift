import TimingEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Two animations compared as motion (docs/diff.md): layers matched by key (a Lottie layer's
/// pointer, a scene layer's name) or else by a name each side has once, and for each pair the
/// largest difference in where its box is drawn, in opacity, in each colour, and the times one
/// draws it and the other not — each with the time it happens and a verdict against the
/// tolerances. Pure: the sides are sampled at `times` before.
struct MotionDiff: Sendable {
  enum Member: String, WireMember {
    case same, a, b, times, tolerance, layers, onlyInA, onlyInB, notCompared, warnings
  }

  enum SideMember: String, WireMember {
    case kind, frameRate, from, to, layers
  }

  enum TimesMember: String, WireMember {
    case from, to, count, fps
  }

  enum ToleranceMember: String, WireMember {
    case pixels, opacity
  }

  enum LayerMember: String, WireMember {
    case a, b, name, matchedBy, same, box, opacity, visibility, colors
  }

  enum MeasureMember: String, WireMember {
    case largest, time, same
  }

  enum VisibilityMember: String, WireMember {
    case times, first, drawnIn
  }

  enum ColorMember: String, WireMember {
    case a, b, largest, time, same
  }

  enum OnlyMember: String, WireMember {
    case layer, name
  }

  enum OmissionMember: String, WireMember {
    case side, layer, pointer, feature, detail
  }

  /// How a pair was matched.
  enum Match: String, Sendable {
    /// The same key on both sides: a Lottie layer's pointer (with its precompositions'), or a
    /// scene layer's name between two scenes — with the same name, or (after matching by name)
    /// renamed in place.
    case key
    /// A name that each side gives one layer (after matching by key).
    case name
  }

  /// The largest difference of one measure, and when it is first reached (seconds); 0 at no
  /// time when nothing differs (or both never drew the layer).
  struct Largest: Sendable {
    var value = 0.0
    var time: Double?

    mutating func add(_ value: Double, at time: Double) {
      if value > self.value { (self.value, self.time) = (value, time) }
    }
  }

  struct ColorPair: Sendable {
    let a: String
    let b: String
    var largest = Largest()
  }

  struct Pair: Sendable {
    let a: Int
    let b: Int
    let match: Match
    var box = Largest()
    var opacity = Largest()
    /// Times one side draws the layer and the other not, and the first of them.
    var visibility = 0
    var firstVisibility: Double?
    /// Which side drew it at the first of those times.
    var drawnIn: String?
    var colors: [ColorPair] = []
  }

  /// Differences at or under these are the same: pixels of where a box is drawn; opacity and
  /// colour channels (0–1).
  struct Tolerance: Sendable {
    var pixels: Double
    var opacity: Double

    static let standard = Tolerance(pixels: 0.01, opacity: 0.001)
  }

  let sourceA: MotionSource
  let sourceB: MotionSource
  let a: MotionSide
  let b: MotionSide
  let times: [Double]
  let fps: Double?
  let tolerance: Tolerance
  let pairs: [Pair]
  /// Layers of each side matched with none, by index.
  let onlyInA: [Int]
  let onlyInB: [Int]

  /// Work units a compared pair costs at a time (8 corners placed, a distance each, opacity,
  /// visibility), and a colour more.
  static let pairTimeCost = 60
  static let colorTimeCost = 12

  init(
    _ sourceA: MotionSource, _ a: MotionSide, _ sourceB: MotionSource, _ b: MotionSide,
    times: [Double], fps: Double?, tolerance: Tolerance
  ) {
    self.sourceA = sourceA
    self.sourceB = sourceB
    self.a = a
    self.b = b
    self.times = times
    self.fps = fps
    self.tolerance = tolerance
    let matched = Self.match(a, b)
    pairs = matched.pairs.map { Self.compare(a, b, pair: $0, times: times) }
    onlyInA = matched.onlyInA
    onlyInB = matched.onlyInB
  }

  /// Pairs in three passes over what is left: the same key and the same name (where both
  /// sides are of one kind: a pointer means the same in two documents, a name in two scenes);
  /// then a name each side gives one layer (a layer inserted before it moved its pointer); then
  /// the same key whatever the names (a layer renamed in place).
  static func match(_ a: MotionSide, _ b: MotionSide) -> (
    pairs: [Pair], onlyInA: [Int], onlyInB: [Int]
  ) {
    var pairs: [Pair] = []
    var leftA = Set(a.layers.indices)
    var leftB = Set(b.layers.indices)
    func byKey(sameName: Bool) {
      guard a.kind == b.kind else { return }
      var keys: [String: Int] = [:]
      for j in leftB { keys[b.layers[j].key] = j }
      for i in leftA.sorted() {
        guard let j = keys[a.layers[i].key], !sameName || a.layers[i].name == b.layers[j].name
        else { continue }
        pairs.append(Pair(a: i, b: j, match: .key))
        leftA.remove(i)
        leftB.remove(j)
      }
    }
    func unique(_ side: MotionSide, _ left: Set<Int>) -> [String: Int] {
      var seen: [String: Int] = [:]
      var repeated: Set<String> = []
      // Unique in the whole side, not only among what is left: a name on two layers names
      // neither.
      for (i, layer) in side.layers.enumerated() {
        guard let name = layer.name else { continue }
        if seen.updateValue(i, forKey: name) != nil { repeated.insert(name) }
      }
      for name in repeated { seen[name] = nil }
      return seen.filter { left.contains($0.value) }
    }
    byKey(sameName: true)
    let namesB = unique(b, leftB)
    for (name, i) in unique(a, leftA).sorted(by: { $0.value < $1.value }) {
      guard let j = namesB[name] else { continue }
      pairs.append(Pair(a: i, b: j, match: .name))
      leftA.remove(i)
      leftB.remove(j)
    }
    byKey(sameName: false)
    pairs.sort { ($0.a, $0.b) < ($1.a, $1.b) }
    return (pairs, leftA.sorted(), leftB.sorted())
  }

  /// Colours paired by key; a scene's `backgroundColor` and a Lottie layer's only colour (the
  /// export fills its rectangle with it) pair when the kinds differ.
  static func colorPairs(_ x: MotionSide.Layer, _ y: MotionSide.Layer, kindsDiffer: Bool)
    -> [ColorPair]
  {
    var pairs: [ColorPair] = []
    let keys = Set(y.colors.map(\.key))
    for cx in x.colors where keys.contains(cx.key) {
      pairs.append(ColorPair(a: cx.key, b: cx.key))
    }
    if pairs.isEmpty && kindsDiffer && x.colors.count == 1 && y.colors.count == 1 {
      pairs.append(ColorPair(a: x.colors[0].key, b: y.colors[0].key))
    }
    return pairs
  }

  static func compare(_ a: MotionSide, _ b: MotionSide, pair: Pair, times: [Double]) -> Pair {
    var pair = pair
    let x = a.layers[pair.a]
    let y = b.layers[pair.b]
    pair.colors = colorPairs(x, y, kindsDiffer: a.kind != b.kind)
    // By key: a scan for each of 100 000 fills was quadratic.
    var valuesX: [String: [Double]] = [:]
    var valuesY: [String: [Double]] = [:]
    for c in x.colors { valuesX[c.key] = c.values }
    for c in y.colors { valuesY[c.key] = c.values }
    let colorsX = pair.colors.map { valuesX[$0.a] ?? [] }
    let colorsY = pair.colors.map { valuesY[$0.b] ?? [] }
    for (k, t) in times.enumerated() {
      guard x.drawn[k] == y.drawn[k] else {
        pair.visibility += 1
        if pair.firstVisibility == nil {
          pair.firstVisibility = t
          pair.drawnIn = (x.drawn[k] ? Member.a : Member.b).rawValue
        }
        continue
      }
      guard x.drawn[k] else { continue }
      var far = 0.0
      for (p, q) in zip(x.corners(at: k), y.corners(at: k)) {
        far = max(far, hypot(p.x - q.x, p.y - q.y))
      }
      pair.box.add(far, at: t)
      pair.opacity.add(abs(x.opacity[k] - y.opacity[k]), at: t)
      for c in pair.colors.indices {
        var channel = 0.0
        for n in 0..<4 {
          channel = max(channel, abs(colorsX[c][4 * k + n] - colorsY[c][4 * k + n]))
        }
        pair.colors[c].largest.add(channel, at: t)
      }
    }
    return pair
  }

  func same(_ pair: Pair) -> Bool {
    pair.visibility == 0 && pair.box.value <= tolerance.pixels
      && pair.opacity.value <= tolerance.opacity
      && pair.colors.allSatisfy { $0.largest.value <= tolerance.opacity }
  }

  /// Nothing moved: every layer matched, each pair the same within the tolerances.
  var same: Bool { onlyInA.isEmpty && onlyInB.isEmpty && pairs.allSatisfy(same) }

  func write(to w: inout JSONWriter) {
    w.beginObject()
    w.member(Member.same, same)
    for (member, source, side) in [(Member.a, sourceA, a), (Member.b, sourceB, b)] {
      w.key(member)
      w.beginObject()
      w.member(SideMember.kind, side.kind.rawValue)
      w.member(SideMember.frameRate, source.frameRate)
      let window = source.window
      w.member(SideMember.from, window.start)
      w.member(SideMember.to, window.end)
      w.member(SideMember.layers, side.layers.count)
      w.endObject()
    }
    w.key(Member.times)
    w.beginObject()
    w.member(TimesMember.from, times.first ?? 0)
    w.member(TimesMember.to, times.last ?? 0)
    w.member(TimesMember.count, times.count)
    w.key(TimesMember.fps)
    if let fps { w.number(fps) } else { w.null() }
    w.endObject()
    w.key(Member.tolerance)
    w.beginObject()
    w.member(ToleranceMember.pixels, tolerance.pixels)
    w.member(ToleranceMember.opacity, tolerance.opacity)
    w.endObject()
    w.key(Member.layers)
    w.beginArray()
    for pair in pairs {
      let x = a.layers[pair.a]
      w.beginObject()
      w.member(LayerMember.a, x.key)
      w.member(LayerMember.b, b.layers[pair.b].key)
      w.key(LayerMember.name)
      if let name = x.name { w.string(name) } else { w.null() }
      w.member(LayerMember.matchedBy, pair.match.rawValue)
      w.member(LayerMember.same, same(pair))
      w.key(LayerMember.box)
      write(pair.box, within: tolerance.pixels, to: &w)
      w.key(LayerMember.opacity)
      write(pair.opacity, within: tolerance.opacity, to: &w)
      w.key(LayerMember.visibility)
      w.beginObject()
      w.member(VisibilityMember.times, pair.visibility)
      w.key(VisibilityMember.first)
      if let first = pair.firstVisibility { w.number(first) } else { w.null() }
      w.key(VisibilityMember.drawnIn)
      if let side = pair.drawnIn { w.string(side) } else { w.null() }
      w.endObject()
      w.key(LayerMember.colors)
      w.beginArray()
      for color in pair.colors {
        w.beginObject()
        w.member(ColorMember.a, color.a)
        w.member(ColorMember.b, color.b)
        w.member(ColorMember.largest, color.largest.value)
        w.key(ColorMember.time)
        if let t = color.largest.time { w.number(t) } else { w.null() }
        w.member(ColorMember.same, color.largest.value <= tolerance.opacity)
        w.endObject()
      }
      w.endArray()
      w.endObject()
    }
    w.endArray()
    for (member, side, only) in [(Member.onlyInA, a, onlyInA), (Member.onlyInB, b, onlyInB)] {
      w.key(member)
      w.beginArray()
      for i in only {
        w.beginObject()
        w.member(OnlyMember.layer, side.layers[i].key)
        w.key(OnlyMember.name)
        if let name = side.layers[i].name { w.string(name) } else { w.null() }
        w.endObject()
      }
      w.endArray()
    }
    w.key(Member.notCompared)
    w.beginArray()
    for (name, side) in [(Member.a, a), (Member.b, b)] {
      for omission in side.notCompared {
        w.beginObject()
        w.member(OmissionMember.side, name.rawValue)
        if let layer = omission.layer { w.member(OmissionMember.layer, layer) }
        if let pointer = omission.pointer { w.member(OmissionMember.pointer, pointer) }
        w.member(OmissionMember.feature, omission.feature)
        w.member(OmissionMember.detail, omission.detail)
        w.endObject()
      }
    }
    w.endArray()
    w.key(Member.warnings)
    SceneWarning.write(
      a.warnings.map { SceneWarning(source: [Member.a.rawValue] + $0.source, message: $0.message) }
        + b.warnings.map {
          SceneWarning(source: [Member.b.rawValue] + $0.source, message: $0.message)
        }, to: &w)
    w.endObject()
  }

  private func write(_ largest: Largest, within bound: Double, to w: inout JSONWriter) {
    w.beginObject()
    w.member(MeasureMember.largest, largest.value)
    w.key(MeasureMember.time)
    if let t = largest.time { w.number(t) } else { w.null() }
    w.member(MeasureMember.same, largest.value <= bound)
    w.endObject()
  }
}
