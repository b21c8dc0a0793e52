/// Numbers in query strings follow JSON's grammar (no `nan`, `inf`, hex or leading `+`).
func isJSONNumberText(_ text: String) -> Bool {
  guard !text.isEmpty, text.utf8.count <= 64 else { return false }
  return (try? JSONParser.parse(Array(text.utf8))).map {
    if case .number = $0 { true } else { false }
  } ?? false
}
