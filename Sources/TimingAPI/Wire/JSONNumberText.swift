/// Numbers in query strings follow JSON's grammar (no `nan`, `inf`, hex or leading `+`):
/// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, nothing around it. Checked by one
/// scan of the bytes: running the JSON parser on a copy of them was ~2 % of a small GET. Unlike
/// the parser it takes a literal too large for a double; `DecodingContext.number`, its one
/// caller, refuses the infinity that `Double` makes of it by range.
func isJSONNumberText(_ text: String) -> Bool {
  var text = text
  return text.withUTF8 { bytes in
    guard !bytes.isEmpty, bytes.count <= 64 else { return false }
    var i = 0
    func digits() -> Int {
      let start = i
      while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
        i += 1
      }
      return i - start
    }
    if bytes[i] == UInt8(ascii: "-") { i += 1 }
    let integerStart = i
    let integerDigits = digits()
    guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0")
    else { return false }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      guard digits() > 0 else { return false }
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
        i += 1
      }
      guard digits() > 0 else { return false }
    }
    return i == bytes.count
  }
}
