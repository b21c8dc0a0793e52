import TimingEngine

/// `POST /v1/lottie/timeline`'s answer (docs/lottie.md, api.md "Lottie"): a Lottie document
/// evaluated at frames of its root composition — each layer instance's world transform,
/// opacity, visibility and colours, in the columns a timeline has (`layers` by key, a column a
/// key path), beside what each layer is (`layerInfo`), what the evaluation leaves out
/// (`notEvaluated`) and the warnings.
struct LottieTimeline: Sendable {
  let tree: LottieLayerTree
  let frames: [Double]
  let layers: [LayerTimeline]
  let warnings: [SceneWarning]

  enum Member: String, WireMember {
    case frameRate, frames, times, layers, layerInfo, notEvaluated, warnings
  }

  enum InfoMember: String, WireMember {
    case pointer, index, name, type, parent, container, box
  }

  /// The query's frames: `frames=a..b` (root frames, both ends included; the document's
  /// `ip` up to but not including `op` when not given) stepped at `fps` samples a second (the
  /// document's frame rate when not given), or `times=t,…` in seconds from frame 0 (answered in
  /// increasing order, each once).
  enum Parameter: String, WireMember, CaseIterable {
    case fps, frames, times
  }

  /// Work units: a layer instance at a frame (its transform's properties, its parents' product,
  /// its colours), and each number written — 19 998 instances at a frame took 0.096 s in release
  /// with their 6.4 MB answer, about 4.8 µs each (docs/performance.md "Lottie").
  static let instanceFrameCost = 800
  static let paintFrameCost = 100
  static let numberCost = 25

  /// The frames the query asks for, or the problems with it (named by parameter).
  static func frames(
    _ query: QueryString, tree: LottieLayerTree, maxSamples: Int, in problems: inout DecodingContext
  ) -> [Double] {
    let fpsText = query.first(Parameter.fps)
    let framesText = query.first(Parameter.frames)
    let timesText = query.first(Parameter.times)
    if timesText != nil && (framesText != nil || fpsText != nil) {
      problems.fail(parameter: Parameter.times, "give times, or frames and fps, not both")
      return []
    }
    if let timesText {
      // In order, each once: the lint's frame ranges run over them in order.
      let times = problems.times(
        timesText, parameter: Parameter.times.rawValue, maxCount: maxSamples)
      return Array(Set((times ?? []).map { $0 * tree.frameRate })).sorted()
    }
    var step = 1.0
    if let fpsText {
      guard let fps = DecodingContext.number(fpsText, in: 1e-6...1e6), fps > 0 else {
        problems.fail(
          parameter: Parameter.fps,
          "'\(fpsText.prefix(40))' is not a rate; give samples a second, e.g. fps=60")
        return []
      }
      step = tree.frameRate / fps
    }
    var first = tree.inPoint
    var last = tree.outPoint
    var lastIncluded = false
    if let framesText {
      // first..last, each a number that may have its own decimal point (0.5..10).
      let characters = Array(framesText)
      let dots = characters.indices.dropLast().first {
        characters[$0] == "." && characters[$0 + 1] == "."
      }
      guard let dots,
        let a = DecodingContext.number(String(characters[..<dots]), in: -1e9...1e9),
        let b = DecodingContext.number(String(characters[(dots + 2)...]), in: -1e9...1e9),
        b >= a
      else {
        problems.fail(
          parameter: Parameter.frames,
          "'\(framesText.prefix(40))' is not a range of frames; write it first..last, e.g. frames=0..60"
        )
        return []
      }
      (first, last, lastIncluded) = (a, b, true)
    }
    let span = (last - first) / step
    guard span.isFinite, span < Double(maxSamples) else {
      problems.fail(
        parameter: framesText != nil ? Parameter.frames : Parameter.fps,
        "asks for more than \(maxSamples) frames (\(numberText(last - first)) frames every \(numberText(step)))"
      )
      return []
    }
    var frames: [Double] = []
    var k = 0
    while true {
      let f = first + Double(k) * step
      // A frame within a millionth of a step of the last is the last (0.1 steps add up short).
      if lastIncluded ? f > last + step * 1e-6 : f >= last - step * 1e-6 { break }
      frames.append(lastIncluded ? min(f, last) : f)
      k += 1
    }
    if frames.isEmpty { frames = [first] }
    return frames
  }

  /// The work of sampling `frames` and writing the numbers, and of writing each instance's
  /// text: its key (in `layers`, `layerInfo`, its children's `parent` and `container`, and
  /// in CSV once a column) and its name — a 2 MB name shown by 1 000 precomposition layers
  /// wrote a 2 GB answer.
  static func cost(_ tree: LottieLayerTree, frames: Int) -> Int {
    var perFrame = 0
    var text = 0
    for instance in tree.instances {
      let layer = tree.layers[instance.layer]
      let columns = 18 + (layer.solidColor == nil ? 0 : 4) + layer.paints.count * 4
      perFrame += instanceFrameCost + layer.paints.count * paintFrameCost + columns * numberCost
      text = WorkBudget.adding(
        text,
        WorkBudget.adding(
          WorkBudget.multiplying(instance.key.utf8.count, columns + 4),
          layer.name?.utf8.count ?? 0))
    }
    return WorkBudget.adding(
      WorkBudget.multiplying(perFrame, frames), WorkBudget.multiplying(text, byteCost))
  }

  /// Work units of a byte of text written (a key or a name), at about 1 ns a byte.
  static let byteCost = 4

  init(tree: LottieLayerTree, frames: [Double], warnings: [SceneWarning]) {
    self.tree = tree
    self.frames = frames
    self.warnings = warnings
    layers = tree.sample(frames: frames)
  }

  /// The first layer instance and frame whose numbers overflow double, if any: each value is
  /// within ±1e9, but their products through a chain of parents need not be (60 layers scaled
  /// 1e9 %), and a JSON answer has no number for them.
  var overflow: (instance: Int, frame: Double)? {
    for (i, layer) in layers.enumerated() {
      for column in layer.columns {
        let n = column.type.componentCount
        if let k = column.values.firstIndex(where: { !$0.isFinite }) {
          return (i, frames[k / max(n, 1)])
        }
      }
    }
    return nil
  }

  /// The problem an overflow is: at the layer's transform.
  static func overflowProblem(_ tree: LottieLayerTree, instance: Int, frame: Double) -> Problem {
    let layer = tree.layers[tree.instances[instance].layer]
    return Problem.invalidRequest([
      .at(
        layer.pointer / LottieLayer.Member.transform.rawValue,
        "makes \(tree.instances[instance].key)'s numbers overflow double at frame \(numberText(frame)) (its transform through its parents and precompositions): scale and position products beyond 1e308"
      )
    ])
  }

  func write(to w: inout JSONWriter) {
    w.beginObject()
    w.member(Member.frameRate, tree.frameRate)
    w.key(Member.frames)
    w.beginArray()
    frames.withUnsafeBufferPointer { w.numbers($0) }
    w.endArray()
    w.key(Member.times)
    w.beginArray()
    let times = frames.map { $0 / tree.frameRate }
    times.withUnsafeBufferPointer { w.numbers($0) }
    w.endArray()
    w.key(Member.layers)
    w.beginObject()
    for layer in layers {
      w.key(layer.name)
      w.beginObject()
      for column in layer.columns {
        w.key(column.keyPath)
        column.write(names: [], to: &w)
      }
      w.endObject()
    }
    w.endObject()
    w.key(Member.layerInfo)
    w.beginObject()
    for instance in tree.instances {
      let layer = tree.layers[instance.layer]
      w.key(instance.key)
      w.beginObject()
      w.member(InfoMember.pointer, layer.pointer.description)
      w.key(InfoMember.index)
      if let index = layer.index { w.number(Double(index)) } else { w.null() }
      w.key(InfoMember.name)
      if let name = layer.name { w.string(name) } else { w.null() }
      w.key(InfoMember.type)
      if let kind = layer.kind { w.string(kind.wireName) } else { w.null() }
      w.key(InfoMember.parent)
      if let p = instance.parent { w.string(tree.instances[p].key) } else { w.null() }
      w.key(InfoMember.container)
      if let c = instance.container { w.string(tree.instances[c].key) } else { w.null() }
      w.key(InfoMember.box)
      w.beginArray()
      layer.box.withUnsafeBufferPointer { w.numbers($0) }
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

  /// One row a frame: `time` (seconds), then each layer's components, named
  /// `key.keyPath.component`.
  func csv(significantDigits: Int? = nil) -> [UInt8] {
    let header = TimelineCSVEncoder.headerLine(
      layers.map { layer in (layer.name, layer.columns.map { ($0.keyPath, $0.type) }) })
    let columns = layers.flatMap(\.columns)
    let width = columns.reduce(0) { $0 + $1.type.componentCount }
    let out = ByteBuffer(capacity: 1024 + frames.count * (width + 1) * 12)
    out.append(header)
    let times = frames.map { $0 / tree.frameRate }
    TimelineCSVEncoder.appendRows(
      times: times[...], columns: columns, names: [], to: out, significantDigits: significantDigits)
    return out.bytes
  }
}
