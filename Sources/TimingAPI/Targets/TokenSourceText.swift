import TimingEngine

/// The text the three source targets write alike: a comment's content, what a token's comment
/// says beside its name, and the points of an easing written as a piecewise-linear curve.
enum TokenSourceText {
  /// Text safe inside a `//` or `/* */` comment in Swift, Kotlin and TypeScript: one line, no
  /// comment end.
  static func comment(_ text: String) -> String {
    var out = ""
    for c in text {
      // "*/" would end a block comment: a space goes between.
      if c == "/" && out.last == "*" { out += " " }
      out.append(c.isNewline ? " " : c)
    }
    return out
  }

  /// What a token's comment says after its name: its `$description`, its CSS value (the
  /// curve's text, shortened) and, where a platform's value is not the exact curve, how far it
  /// is.
  static func notes(_ compiled: TokenCompilation.Compiled) -> [String] {
    var notes: [String] = compiled.token.description.map { [comment($0)] } ?? []
    switch compiled.css {
    case .success(let css):
      let text = css.text.count > 120 ? String(css.text.prefix(100)) + "…)" : css.text
      notes.append("CSS: " + comment(text))
      if css.maxError > 0 {
        // For an easing written as points, the points are the linear()'s stops.
        notes.append(
          "CSS: within \(numberText(css.maxError)) of the exact curve in progress.")
      }
      notes += css.notes.map { "CSS: " + comment($0) + "." }
    case .failure(.noCSS(let why)):
      notes.append("No CSS: " + comment(why) + ".")
    }
    notes += compiled.token.notes.map { comment($0) }
    return notes
  }

  /// The points of the token's easing as a piecewise-linear curve: CSS's `linear()` or
  /// `steps()` exactly, or the `linear()` the CSS target fitted to a path. (Asked only of those,
  /// whose CSS always exists; a straight line otherwise.)
  static func points(_ compiled: TokenCompilation.Compiled) -> [(x: Double, y: Double)] {
    guard case .success(let css) = compiled.css, let function = css.function,
      let points = TokenSource.points(function)
    else { return [(0, 0), (1, 1)] }
    return points
  }

  /// The token's spring as `api` states it (`POST /v1/springs`' conversion) and what that
  /// conversion warns of it, as comment lines; nil where the token has no spring forms.
  static func springForm(_ compiled: TokenCompilation.Compiled, _ api: SpringAPI) -> (
    spring: PlatformSpring, notes: [String]
  )? {
    guard case .success(let springs)? = compiled.springs,
      let form = springs.forms.first(where: { $0.api == api })
    else { return nil }
    return (form.spring, form.warnings.map { comment("\(api.rawValue): \($0.message)") + "." })
  }
}
