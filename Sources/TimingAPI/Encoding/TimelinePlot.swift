import TimingEngine

/// A timeline as an SVG plot (api.md "Timelines"): value against time, one panel per scalar
/// component of every sampled key path, with the animations' iteration boundaries and delegate
/// events marked. 800 px wide, for a browser or a README.
///
/// Its size is bounded whatever the timeline: each panel is drawn from at most four points per
/// pixel column (the first, lowest, highest and last sample in it, in that order, which covers
/// exactly the pixels every sample would), so 100 000 samples draw as 712 columns; and a plot
/// has at most `maxPanels` panels, the key paths beyond named in a note. The largest plot is
/// therefore about 24 × 712 × 4 points, under 2 MB, where the JSON of the same timeline can be
/// 57 MB.
enum TimelinePlot {
  static let width = 800.0
  /// Room for the value axis's labels on the left.
  static let left = 72.0
  static let right = 16.0
  /// Pixel columns of a panel's plotting area.
  static let columns = Int(width - left - right)
  static let header = 48.0
  static let footer = 44.0
  /// One panel: its title, the plotting area and the time axis's labels.
  static let panelHeight = 150.0
  static let plotTop = 22.0
  static let plotHeight = 100.0
  /// 24 panels make a plot 3 700 px tall: a scene of more is better plotted a few key paths at
  /// a time (`keyPaths`), and the note says so.
  static let maxPanels = 24
  /// Delegate events of one layer labelled by key; beyond, only their lines are drawn (the
  /// labels would overlap).
  static let maxLabelledEvents = 12
  /// Components of one key path followed: all of a transform's 16, the first 16 of a longer
  /// custom array.
  static let maxTrackedComponents = 16
  /// Numbers sampled at a time (256 KiB of doubles), as the streamed answers do.
  static let blockValues = 32_768

  /// One pixel column of one component: what the samples falling in it reach.
  private struct Extent {
    var count = 0
    var firstTime = Double.infinity
    var first = 0.0
    var lastTime = -Double.infinity
    var last = 0.0
    var low = Double.infinity
    var high = -Double.infinity
    /// A sample here had no value (a transition column between transitions).
    var gap = false

    mutating func add(_ time: Double, _ value: Double) {
      guard value.isFinite else {
        gap = true
        return
      }
      count += 1
      if time < firstTime { (firstTime, first) = (time, value) }
      if time >= lastTime { (lastTime, last) = (time, value) }
      low = min(low, value)
      high = max(high, value)
    }
  }

  private struct Panel {
    let title: String
    let unit: PlotUnit
    let extents: [Extent]
    let axis: PlotAxis
    let component: String
  }

  /// The panels of one sampled key path, contiguous in the plot.
  private struct Group {
    let layer: Int
    let keyPath: String
    let panels: [Panel]
    /// nil when too dense to mark.
    let boundaries: [Double]?
  }

  static func svg(_ prepared: PreparedTimeline) -> [UInt8] {
    svg(plan: prepared.plan, outputs: prepared.outputs, times: prepared.times)
  }

  /// The plot of `outputs` of `plan` sampled at `times`; sampling is charged by the caller
  /// (the plot samples each output once, as the JSON answer would).
  static func svg(plan: TimelinePlan, outputs: OutputPlan, times: [Double]) -> [UInt8] {
    let finite = times.filter(\.isFinite)
    var start = finite.min() ?? 0
    var end = finite.max() ?? 1
    if start == end { (start, end) = (start - 0.5, end + 0.5) }
    // Output after output in blocks, as the JSON answer samples them, sharing timings' local
    // times across layers.
    let sampler = TimelineBlockSampler(plan: plan, times: times)
    let timeAxis = PlotAxis(covering: start, end, target: 8)
    let span = timeAxis.high - timeAxis.low

    func column(_ t: Double) -> Int {
      let c = ((t - timeAxis.low) / span * Double(columns - 1)).rounded()
      return c.isFinite ? Int(min(max(c, 0), Double(columns - 1))) : 0
    }

    var groups: [Group] = []
    var panelCount = 0
    var omitted = 0
    var totalOutputs = 0
    for layer in 0..<outputs.layerCount {
      for output in 0..<outputs.outputCount(layer: layer) {
        totalOutputs += 1
        guard omitted == 0 else {
          omitted += 1
          continue
        }
        let keyPath = outputs.keyPath(layer: layer, output: output)
        let type = outputs.type(layer: layer, output: output)
        let n = type.componentCount
        guard n > 0 else { continue }
        // A custom array may hold thousands of numbers; its first 16 (a transform's count)
        // are tracked, so a key path's extents stay under 16 × 712 × 64 B, about 0.7 MB.
        let tracked = min(n, maxTrackedComponents)
        let units = (0..<tracked).map { PlotUnit.of(keyPath: keyPath, component: $0) }
        var extents = Array(repeating: Array(repeating: Extent(), count: columns), count: tracked)
        let block = TimelineBlockSampler.rows(values: blockValues, width: n)
        var from = 0
        while from < times.count {
          let to = min(times.count, from + block)
          let values = sampler.column(layer: layer, output: output, of: outputs, rows: from..<to)
            .values
          for i in from..<to {
            let c = column(times[i])
            let base = (i - from) * n
            for k in 0..<tracked {
              extents[k][c].add(times[i], values[base + k] * units[k].scale)
            }
          }
          from = to
        }
        let names = type.componentNames
        let shown = components(of: type, extents: extents)
        guard panelCount + shown.count <= maxPanels else {
          omitted += 1
          continue
        }
        panelCount += shown.count
        let layerName = plan.layerNames[layer]
        let panels = shown.map { k -> Panel in
          let low = extents[k].reduce(Double.infinity) { $1.count > 0 ? min($0, $1.low) : $0 }
          let high = extents[k].reduce(-Double.infinity) { $1.count > 0 ? max($0, $1.high) : $0 }
          // A fraction or a boolean is drawn on at least 0…1, so an opacity of 0.9 does not
          // look like a fade from nothing, and a constant sits where it belongs.
          let whole = units[k] == .fraction || units[k] == .boolean
          let axis =
            low <= high
            ? PlotAxis(
              covering: whole ? min(low, 0) : low, whole ? max(high, 1) : high, target: 4)
            : PlotAxis(covering: 0, 1, target: 4)
          let name = names[k].isEmpty ? keyPath : "\(keyPath).\(names[k])"
          return Panel(
            title: "\(layerName) · \(name) (\(units[k].label))", unit: units[k],
            extents: extents[k], axis: axis, component: names[k])
        }
        let boundaries = plan.iterationBoundaries(
          layer: layer, output: output, of: outputs, in: timeAxis.low...timeAxis.high,
          limit: columns)
        groups.append(Group(layer: layer, keyPath: keyPath, panels: panels, boundaries: boundaries))
      }
    }

    let height = header + Double(panelCount) * panelHeight + footer
    var s = ""
    s.reserveCapacity(64 * 1024 + panelCount * columns * 4 * 16)
    let w = numberText(width)
    let h = numberText(height)
    s +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(w) \(h)\" width=\"\(w)\" height=\"\(h)\""
    s += " font-family=\"sans-serif\" data-time-min=\"\(numberText(timeAxis.low))\""
    s += " data-time-max=\"\(numberText(timeAxis.high))\" data-panels=\"\(panelCount)\">\n"
    s +=
      "<title>timeline: \(totalOutputs) key paths, \(numberText(start))–\(numberText(end)) s</title>\n"
    s += "<rect x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" fill=\"#fff\"/>\n"
    // Legend.
    s += "<g font-size=\"13\">"
    s +=
      "<line x1=\"\(numberText(left))\" y1=\"20\" x2=\"\(numberText(left + 24))\" y2=\"20\" stroke=\"#1f5fbf\" stroke-width=\"2\"/>"
    s += "<text x=\"\(numberText(left + 30))\" y=\"24\">value</text>"
    s +=
      "<line x1=\"\(numberText(left + 100))\" y1=\"12\" x2=\"\(numberText(left + 100))\" y2=\"28\" stroke=\"#999\" stroke-dasharray=\"2 3\"/>"
    s += "<text x=\"\(numberText(left + 106))\" y=\"24\">iteration</text>"
    s +=
      "<line x1=\"\(numberText(left + 190))\" y1=\"12\" x2=\"\(numberText(left + 190))\" y2=\"28\" stroke=\"#1a9850\" stroke-width=\"1.5\"/>"
    s += "<text x=\"\(numberText(left + 196))\" y=\"24\">didStart</text>"
    s +=
      "<line x1=\"\(numberText(left + 275))\" y1=\"12\" x2=\"\(numberText(left + 275))\" y2=\"28\" stroke=\"#d73027\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>"
    s += "<text x=\"\(numberText(left + 281))\" y=\"24\">didStop</text>"
    s += "</g>\n"

    var top = header
    var index = 0
    while index < groups.count {
      // One layer's groups are contiguous: its events are drawn across all of its panels.
      let layer = groups[index].layer
      let layerTop = top
      while index < groups.count, groups[index].layer == layer {
        let group = groups[index]
        let groupTop = top
        for panel in group.panels {
          s += panelSVG(panel, top: top, timeAxis: timeAxis, column: column)
          top += panelHeight
        }
        if let boundaries = group.boundaries {
          var drawn = Set<Int>()
          for t in boundaries where drawn.insert(column(t)).inserted {
            let x = px(left + Double(column(t)))
            s +=
              "<line class=\"iteration\" data-time=\"\(numberText(t))\" x1=\"\(x)\" y1=\"\(px(groupTop + plotTop))\" x2=\"\(x)\" y2=\"\(px(top - panelHeight + plotTop + plotHeight))\" stroke=\"#999\" stroke-dasharray=\"2 3\"/>\n"
          }
        }
        index += 1
      }
      let name = plan.layerNames[layer]
      let events = plan.events.filter {
        $0.layer == name && $0.time >= timeAxis.low && $0.time <= timeAxis.high
      }
      var drawn = Set<Int>()
      let labelled = events.count <= maxLabelledEvents
      for (i, event) in events.enumerated() {
        let c = column(event.time)
        let isStart: Bool
        switch event.kind {
        case .didStart: isStart = true
        case .didStop: isStart = false
        }
        guard drawn.insert(c * 2 + (isStart ? 0 : 1)).inserted || labelled else { continue }
        let x = px(left + Double(c))
        let style =
          isStart
          ? "stroke=\"#1a9850\" stroke-width=\"1.5\""
          : "stroke=\"#d73027\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\""
        s +=
          "<line class=\"\(event.kind.rawValue)\" data-time=\"\(numberText(event.time))\" x1=\"\(x)\" y1=\"\(px(layerTop + plotTop))\" x2=\"\(x)\" y2=\"\(px(top - panelHeight + plotTop + plotHeight))\" \(style)/>\n"
        if labelled {
          let text = event.kind.rawValue + (event.key.map { " " + $0 } ?? "")
          let y = layerTop + plotTop + 11 + Double(i % 3) * 12
          // Labels in the right sixth of the panel end at their line, so they are not cut off.
          let ending = c > columns * 5 / 6
          let anchor = ending ? " text-anchor=\"end\"" : ""
          s +=
            "<text x=\"\(px(left + Double(c) + (ending ? -3 : 3)))\" y=\"\(px(y))\" font-size=\"11\"\(anchor) fill=\"\(isStart ? "#1a9850" : "#d73027")\">\(SVGText.escaped(text))</text>\n"
        }
      }
    }
    s +=
      "<text x=\"\(px(left + Double(columns) / 2))\" y=\"\(px(top + 18))\" font-size=\"13\" text-anchor=\"middle\">time (s)</text>\n"
    if omitted > 0 {
      s +=
        "<text class=\"omitted\" x=\"\(px(left))\" y=\"\(px(top + 38))\" font-size=\"13\" fill=\"#b00\">\(omitted) more key path\(omitted == 1 ? "" : "s") not shown: a plot has at most \(maxPanels) panels; name fewer in keyPaths</text>\n"
    } else if panelCount == 0 {
      s += "<text x=\"\(px(left))\" y=\"\(px(top + 38))\" font-size=\"13\">nothing sampled</text>\n"
    }
    s += "</svg>\n"
    return Array(s.utf8)
  }

  /// The components drawn for a key path: every one of a type of at most four (a point's x and
  /// y, a colour's r, g, b, a); the cross-fade progress of contents (the ids are names, not
  /// values); of a transform or a longer array, those that change (at least the first).
  private static func components(of type: ValueType, extents: [[Extent]]) -> [Int] {
    switch type {
    case .scalar, .bool, .point, .size, .rect, .color:
      return Array(0..<type.componentCount)
    case .contents:
      return [2]
    case .transform, .array:
      let n = extents.count
      if n <= 4 { return Array(0..<n) }
      let changing = (0..<n).filter { k in
        var low = Double.infinity
        var high = -Double.infinity
        for e in extents[k] where e.count > 0 {
          low = min(low, e.low)
          high = max(high, e.high)
        }
        return low < high
      }
      return changing.isEmpty ? [0] : changing
    }
  }

  private static func panelSVG(
    _ panel: Panel, top: Double, timeAxis: PlotAxis, column: (Double) -> Int
  ) -> String {
    let axis = panel.axis
    let plotY = top + plotTop
    let bottom = plotY + plotHeight
    func y(_ v: Double) -> Double {
      let r = (axis.high - v) / (axis.high - axis.low)
      return plotY + (r.isFinite ? min(max(r, 0), 1) : 0) * plotHeight
    }
    var s =
      "<g class=\"panel\" data-title=\"\(SVGText.escaped(panel.title))\" data-unit=\"\(SVGText.escaped(panel.unit.label))\""
    s += " data-y-min=\"\(numberText(axis.low))\" data-y-max=\"\(numberText(axis.high))\">\n"
    s +=
      "<text x=\"\(px(left))\" y=\"\(px(top + 15))\" font-size=\"13\" font-weight=\"bold\">\(SVGText.escaped(panel.title))</text>\n"
    s +=
      "<rect x=\"\(px(left))\" y=\"\(px(plotY))\" width=\"\(px(Double(columns)))\" height=\"\(px(plotHeight))\" fill=\"none\" stroke=\"#bbb\"/>\n"
    // Value ticks: grid lines and labels right-aligned against the axis.
    for tick in axis.ticks {
      let ty = px(y(tick.value))
      s +=
        "<line x1=\"\(px(left))\" y1=\"\(ty)\" x2=\"\(px(left + Double(columns)))\" y2=\"\(ty)\" stroke=\"#eee\"/>"
      s +=
        "<text class=\"y-tick\" x=\"\(px(left - 6))\" y=\"\(px(y(tick.value) + 4))\" font-size=\"12\" text-anchor=\"end\">\(tick.label)</text>\n"
    }
    s +=
      "<text x=\"\(px(left - 6))\" y=\"\(px(plotY - 10))\" font-size=\"11\" text-anchor=\"end\" fill=\"#555\">\(SVGText.escaped(panel.unit.label))</text>\n"
    for tick in timeAxis.ticks {
      let tx = px(left + Double(column(tick.value)))
      s +=
        "<line x1=\"\(tx)\" y1=\"\(px(bottom))\" x2=\"\(tx)\" y2=\"\(px(bottom + 4))\" stroke=\"#888\"/>"
      s +=
        "<text class=\"x-tick\" x=\"\(tx)\" y=\"\(px(bottom + 17))\" font-size=\"12\" text-anchor=\"middle\">\(tick.label)</text>\n"
    }
    var path = ""
    var penDown = false
    for (c, e) in panel.extents.enumerated() {
      guard e.count > 0 else {
        if e.gap { penDown = false }
        continue
      }
      let x = px(left + Double(c))
      var previous = Double.nan
      for v in [e.first, e.low, e.high, e.last] where v != previous {
        path += (penDown ? "L" : "M") + x + " " + px(y(v))
        penDown = true
        previous = v
      }
      if e.gap { penDown = false }
    }
    if !path.isEmpty {
      s +=
        "<path d=\"\(path)\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\" stroke-linejoin=\"round\"/>\n"
    }
    s += "</g>\n"
    return s
  }

  /// A coordinate to 1/100 px: enough for any display, and the same bytes on every machine.
  private static func px(_ v: Double) -> String {
    numberText(v.isFinite ? (v * 100).rounded() / 100 : 0)
  }

}
