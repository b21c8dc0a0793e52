import TimingEngine

/// What the source targets (`?format=swift|kotlin|ts`, docs/tokens.md "Source") share: one
/// identifier per token, valid and unique in every language, the comment that names the token
/// a value came from, and an easing that is neither a cubic Bézier nor a spring as the points of
/// a piecewise-linear curve, which each file evaluates with the same few lines.
struct TokenSource: Sendable {
  struct Entry: Sendable {
    let compiled: TokenCompilation.Compiled
    /// lowerCamelCase of the token's name, unique in the file.
    let identifier: String
    /// `name (pointer)`: the token a line came from.
    let origin: String
  }

  let entries: [Entry]

  init(_ compilation: TokenCompilation) {
    var used: Set<String> = []
    entries = compilation.tokens.map { compiled in
      var identifier = Self.identifier(compiled.token.path)
      if used.contains(identifier) {
        var n = 2
        while used.contains("\(identifier)_\(n)") { n += 1 }
        identifier += "_\(n)"
      }
      used.insert(identifier)
      return Entry(
        compiled: compiled, identifier: identifier,
        origin: compiled.token.path.joined(separator: ".") + " ("
          + compiled.token.pointer.description + ")")
    }
  }

  /// Words that are reserved in Swift, Kotlin or TypeScript, where a token's whole name could be
  /// one (`default`, `in`): such a name gets `Token` after it.
  static let reserved: Set<String> = [
    "as", "associatedtype", "break", "case", "catch", "class", "const", "continue", "default",
    "defer", "delete", "do", "else", "enum", "export", "extends", "extension", "false", "finally",
    "for", "fun", "func", "function", "guard", "if", "import", "in", "init", "interface", "is",
    "let", "new", "null", "object", "operator", "package", "private", "protocol", "public",
    "repeat", "return", "self", "static", "struct", "super", "switch", "this", "throw", "throws",
    "true", "try", "typealias", "typeof", "val", "var", "void", "when", "where", "while", "with",
    "yield", "subscript", "inout", "internal", "fileprivate", "open", "deinit", "nil", "Type",
    "Self", "any", "some", "instanceof", "debugger", "implements", "module", "namespace",
    "declare", "type",
  ]

  /// lowerCamelCase of the name's words (every run of ASCII letters and digits), starting with
  /// a letter: `md.sys.motion.duration.medium2` is `mdSysMotionDurationMedium2`.
  static func identifier(_ path: [String]) -> String {
    var words: [String] = []
    for segment in path {
      var word = ""
      for c in segment.unicodeScalars {
        if c.isASCII
          && (("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c))
        {
          word.unicodeScalars.append(c)
        } else if !word.isEmpty {
          words.append(word)
          word = ""
        }
      }
      if !word.isEmpty { words.append(word) }
    }
    var name = words.enumerated().map { i, word in
      i == 0
        ? word.prefix(1).lowercased() + word.dropFirst()
        : word.prefix(1).uppercased() + word.dropFirst()
    }.joined()
    if name.isEmpty || name.first!.isNumber {
      name = "token" + name.prefix(1).uppercased() + name.dropFirst()
    }
    return reserved.contains(name) ? name + "Token" : name
  }

  /// The points of a piecewise-linear easing that plays `function` exactly where it is
  /// `linear()` or `steps()` (a jump is two points at one input, the later one holding from
  /// it on, as CSS has a step), or nil for a curve.
  static func points(_ function: TimingFunction) -> [(x: Double, y: Double)]? {
    switch function {
    case .linear(let easing): return easing.points.map { ($0.input, $0.output) }
    case .steps(let steps):
      // CSS Easing 2 §"step easing": the output at input x is floor(x·count + start) / jumps
      // (start 1 for jump-start and jump-both), so it jumps at each i / count.
      let (count, jumps) = (steps.count, Double(steps.jumps))
      let start: Double
      switch steps.position {
      case .jumpStart, .jumpBoth: start = 1
      case .jumpEnd, .jumpNone: start = 0
      }
      var points: [(x: Double, y: Double)] = [(0, start / jumps)]
      for i in 1...count {
        let x = Double(i) / Double(count)
        points.append((x, (Double(i - 1) + start) / jumps))
        points.append((x, min((Double(i) + start) / jumps, 1)))
      }
      return points
    case .named, .cubicBezier, .controlPoints, .spring: return nil
    }
  }
}
