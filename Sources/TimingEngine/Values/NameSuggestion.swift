/// "Did you mean …?" among a closed set of names: layer properties, an object's members, a
/// closed set of values, timing-function names, spring APIs and their parameters. A name that is
/// not in the set gets the known name it was most likely meant as, or nothing when none is
/// close: a suggestion that is wrong is worse than none.
///
/// Names are compared *folded*: lower case, without `-`, `_` and spaces, so that the spellings
/// users carry over from other platforms (`dampingfraction`, `swiftUi`, `ease_in`) are 0 edits
/// from the name, and a folded match is always preferred. Past that, at most
/// `limit(forLength:)` edits (`EditDistance`, optimal string alignment) of the folded name.
public struct NameSuggestion: Sendable {
  /// Each spelling the set accepts, folded, and the name to suggest for it (an alias suggests
  /// its canonical name: `ease-in-out` suggests `easeInEaseOut`).
  private let entries: [(spelling: String, folded: [Unicode.Scalar], meaning: String)]
  /// The longest folded spelling: a name more than `limit` longer than it is near none, and is
  /// not looked at (so a kilobyte of garbage costs nothing).
  private let longest: Int

  /// A set whose names are their own suggestions.
  public init(_ names: some Sequence<String>) {
    self.init(spellings: names.map { ($0, $0) })
  }

  /// A set of spellings, each with the name suggested for it.
  public init(spellings: some Sequence<(spelling: String, meaning: String)>) {
    let entries = spellings.map {
      (spelling: $0.spelling, folded: Self.fold($0.spelling), meaning: $0.meaning)
    }
    self.entries = entries
    longest = entries.map(\.folded.count).max() ?? 0
  }

  /// How many edits of a folded name of `length` scalars still suggest: about a third of it, at
  /// most 2. One edit is 20–33 % of a name of 3 to 5 scalars (`bond` is 2 from `bounds`: a
  /// custom name rather than a typo); two edits of a long name (`backgroundColr`,
  /// `cornerRaduis`) are a typo; a name of 1 or 2 scalars (`x`, `by`) is near too much to
  /// guess at, so only its folded match suggests.
  public static func limit(forLength length: Int) -> Int { min(2, length / 3) }

  /// The name `name` was most likely meant as, or nil: nil for a spelling the set accepts, and
  /// for a name farther than `limit(forLength:)` from every spelling. The nearest folded
  /// spelling wins; among equally near ones the nearest as written (case and separators
  /// counted), then the first in the order given, so the answer is the same on every run.
  public func nearest(to name: String) -> String? {
    // A name with more scalars than any spelling has, plus its separators' worth, cannot fold
    // to within 2 edits of one unless most of it is separators; such text is not a typo.
    guard name.unicodeScalars.count <= 2 * longest + 4 else { return nil }
    if entries.contains(where: { $0.spelling == name }) { return nil }
    let folded = Self.fold(name)
    let limit = Self.limit(forLength: folded.count)
    guard folded.count <= longest + limit else { return nil }
    let scalars = Array(name.unicodeScalars)
    var best: (meaning: String, folded: Int, written: Int)?
    for entry in entries {
      let distance = EditDistance.optimalStringAlignment(folded, entry.folded, limit: limit)
      guard distance <= limit, distance <= (best?.folded ?? .max) else { continue }
      // As written, to break ties: bounded by the folded distance plus every scalar the fold
      // changed, so a generous limit is exact for any name that got here.
      let written = EditDistance.optimalStringAlignment(
        scalars, Array(entry.spelling.unicodeScalars), limit: 2 * longest + 8)
      if let best, best.folded == distance, best.written <= written { continue }
      best = (entry.meaning, distance, written)
    }
    return best?.meaning
  }

  /// Lower case, without `-`, `_` and spaces.
  static func fold(_ name: String) -> [Unicode.Scalar] {
    name.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != " " }
  }
}
