/// A path's decoded `{parameters}` by name. A template has one or two, so a list searched by
/// name: a `[String: String]` hashed each name to build and again to read, and was ~2 % of a
/// small GET in process.
struct PathParameters {
  private var pairs: [(name: String, value: String)] = []

  mutating func append(_ name: String, _ value: String) { pairs.append((name, value)) }

  subscript(_ name: String) -> String? { pairs.first { $0.name == name }?.value }
}
