/// A closed set of names on the wire: a `String`-backed enum whose cases are the names. Where
/// Core Animation has a constant for each name (`kCAFillModeForwards` for `forwards`), the
/// constant's name is accepted too, so a request can be written either way.
///
/// `DecodingContext.choice` reads one; adding a case is all a new name needs.
protocol WireName: RawRepresentable<String>, CaseIterable {
  /// The constants' common prefix (`kCAFillMode`); nil where there are no constants.
  static var constantPrefix: String? { get }
}

extension WireName {
  static var constantPrefix: String? { nil }

  /// The Core Animation constant's name: the prefix, then the name with its first letter in
  /// upper case (`kCAFillMode` + `Forwards`).
  var constantName: String? {
    Self.constantPrefix.map { $0 + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
  }

  /// The case named `text`, by its own name or its constant's.
  init?(wireName text: String) {
    if let named = Self(rawValue: text) {
      self = named
      return
    }
    guard let prefix = Self.constantPrefix, text.hasPrefix(prefix),
      let named = Self.allCases.first(where: { $0.constantName == text })
    else { return nil }
    self = named
  }

  /// Every accepted name, sorted, as error messages list them.
  static var sortedWireNames: [String] {
    allCases.flatMap { [$0.rawValue] + ($0.constantName.map { [$0] } ?? []) }.sorted()
  }
}

extension Array<String> {
  /// "a, b or c", for messages that suggest names in their declared order.
  var joinedWithOr: String {
    count < 2 ? joined() : dropLast().joined(separator: ", ") + " or " + last!
  }
}
