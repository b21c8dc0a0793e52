/// `Accept` header negotiation (RFC 9110 §12.5.1): the offered type with the highest quality
/// wins; on a tie, the server's order of preference.
enum ContentNegotiation {
  /// The chosen type among `offered`, or nil when the client accepts none of them. No `Accept`
  /// (or an empty one) accepts anything.
  static func choose(_ offered: [String], accept: String?) -> String? {
    guard let accept, !accept.trimmingCharacters(in: " \t").isEmpty else { return offered.first }
    var ranges: [(type: String, subtype: String, q: Double)] = []
    for element in accept.split(separator: ",") {
      let parts = element.split(separator: ";").map {
        $0.trimmingCharacters(in: " \t").lowercased()
      }
      guard let range = parts.first, !range.isEmpty else { continue }
      let pieces = range.split(separator: "/", maxSplits: 1).map(String.init)
      guard pieces.count == 2 else { continue }
      var q = 1.0
      for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
        q = Double(parameter.dropFirst(2)).flatMap { $0.isFinite ? min(max($0, 0), 1) : nil } ?? 0
      }
      ranges.append((pieces[0], pieces[1], q))
    }
    var best: (type: String, q: Double)?
    for type in offered {
      let pieces = type.split(separator: "/", maxSplits: 1).map(String.init)
      // The most specific matching range decides the quality of this type.
      var quality: (specificity: Int, q: Double)?
      for range in ranges {
        let specificity: Int
        if range.type == pieces[0] && range.subtype == pieces[1] {
          specificity = 2
        } else if range.type == pieces[0] && range.subtype == "*" {
          specificity = 1
        } else if range.type == "*" && range.subtype == "*" {
          specificity = 0
        } else {
          continue
        }
        if quality == nil || specificity > quality!.specificity { quality = (specificity, range.q) }
      }
      if let quality, quality.q > 0, best == nil || quality.q > best!.q { best = (type, quality.q) }
    }
    return best?.type
  }
}
