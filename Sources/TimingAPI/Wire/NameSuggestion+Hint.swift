import TimingEngine

/// The "did you mean …?" every message about an unknown name ends with (api.md "Errors").
extension NameSuggestion {
  /// "; did you mean X?" when `name` is near a name of the set, else "".
  func hint(for name: String) -> String {
    nearest(to: name).map { "; did you mean \($0)?" } ?? ""
  }
}
