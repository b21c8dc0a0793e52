import TimingEngine

/// An SVG plot of a timing function: the curve over its input range, with the unit square
/// (or the spring's target) marked, for a quick look in a browser.
enum CurvePlot {
  static func svg(_ function: TimingFunction, from: Double, to: Double) -> String {
    let samples = 400
    let xs = (0...samples).map { from + (to - from) * Double($0) / Double(samples) }
    var ys = xs.map { function.evaluate($0) }
    ys = ys.map { $0.isFinite ? $0 : 0 }
    let minY = min(ys.min() ?? 0, 0)
    let maxY = max(ys.max() ?? 1, 1)
    let size = 400.0
    let margin = 40.0
    let spanX = max(to - from, 1e-12)
    let spanY = max(maxY - minY, 1e-12)
    func px(_ x: Double) -> String {
      numberText(((margin + (x - from) / spanX * size) * 100).rounded() / 100)
    }
    func py(_ y: Double) -> String {
      numberText(((margin + (maxY - y) / spanY * size) * 100).rounded() / 100)
    }
    var path = ""
    for (i, (x, y)) in zip(xs, ys).enumerated() {
      path += (i == 0 ? "M" : "L") + px(x) + " " + py(y)
    }
    let total = numberText(size + 2 * margin)
    let title = SVGText.escaped(function.canonicalText ?? function.cssText)
    return """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(total) \(total)" width="\(total)" height="\(total)">
      <title>\(title)</title>
      <rect x="0" y="0" width="\(total)" height="\(total)" fill="#fff"/>
      <line x1="\(px(from))" y1="\(py(0))" x2="\(px(to))" y2="\(py(0))" stroke="#bbb"/>
      <line x1="\(px(from))" y1="\(py(1))" x2="\(px(to))" y2="\(py(1))" stroke="#bbb" stroke-dasharray="4 4"/>
      <line x1="\(px(from))" y1="\(py(minY))" x2="\(px(from))" y2="\(py(maxY))" stroke="#bbb"/>
      <path d="\(path)" fill="none" stroke="#d33" stroke-width="2"/>
      <text x="\(numberText(margin))" y="24" font-family="sans-serif" font-size="14">\(title)</text>
      </svg>

      """
  }
}
