/// A request's query, decoded: `application/x-www-form-urlencoded` rules (`+` is a space),
/// parameters in order, repeated names kept.
struct QueryString {
  private(set) var parameters: [(name: String, value: String)] = []

  /// Nil when a percent escape is malformed or does not decode to UTF-8.
  /// Scans the bytes once; splitting into arrays of pairs and parts first was ~3 % of a small
  /// GET.
  init?(_ raw: String?) {
    guard let raw, !raw.isEmpty else { return }
    let utf8 = Substring(raw).utf8
    var start = utf8.startIndex
    while start < utf8.endIndex {
      let end = utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
      if start < end {
        let pair = utf8[start..<end]
        let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? end
        let valueStart = equals < end ? utf8.index(after: equals) : end
        guard let name = percentDecode(Substring(pair[..<equals]), plusIsSpace: true),
          let value = percentDecode(Substring(utf8[valueStart..<end]), plusIsSpace: true)
        else { return nil }
        parameters.append((name, value))
      }
      start = end < utf8.endIndex ? utf8.index(after: end) : end
    }
  }

  /// One pass and one array: `filter` then `map` made two per call.
  func values(_ name: String) -> [String] {
    var values: [String] = []
    for parameter in parameters where parameter.name == name { values.append(parameter.value) }
    return values
  }
  func first(_ name: String) -> String? { parameters.first { $0.name == name }?.value }
  var names: [String] { parameters.map(\.name) }
}

/// Decodes `%XX` escapes; nil for a malformed escape or bytes that are not UTF-8.
func percentDecode<S: StringProtocol>(_ text: S, plusIsSpace: Bool) -> String? {
  // Most names and values need no decoding: one scan instead of a byte array and a validation.
  if !text.utf8.contains(where: {
    $0 == UInt8(ascii: "%") || ($0 == UInt8(ascii: "+") && plusIsSpace)
  }) {
    return String(text)
  }
  var bytes: [UInt8] = []
  bytes.reserveCapacity(text.utf8.count)
  var iterator = text.utf8.makeIterator()
  while let c = iterator.next() {
    if c == UInt8(ascii: "%") {
      guard let h = iterator.next(), let l = iterator.next(), let hi = hexDigit(h),
        let lo = hexDigit(l)
      else {
        return nil
      }
      bytes.append(hi << 4 | lo)
    } else if c == UInt8(ascii: "+") && plusIsSpace {
      bytes.append(0x20)
    } else {
      bytes.append(c)
    }
  }
  return String(validating: bytes, as: UTF8.self)
}

private func hexDigit(_ c: UInt8) -> UInt8? {
  switch c {
  case 0x30...0x39: c - 0x30
  case 0x41...0x46: c - 0x41 + 10
  case 0x61...0x66: c - 0x61 + 10
  default: nil
  }
}
