/// A colour written in hexadecimal, `#rrggbb` or `#rrggbbaa` (and, where a format allows it,
/// `#rgb`): its r, g, b, a in 0…1, a 1 when not written. One reading for every place the
/// service takes one — a scene's colour values, a Lottie solid's `sc`.
enum HexColor {
  /// The components, or nil for text that is not such a colour.
  static func components(_ text: String, allowingShort: Bool = false) -> [Double]? {
    var digits = Array(text.utf8)
    guard digits.first == UInt8(ascii: "#") else { return nil }
    digits.removeFirst()
    if allowingShort && digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
    guard digits.count == 6 || digits.count == 8 else { return nil }
    var channels: [Double] = []
    for i in stride(from: 0, to: digits.count, by: 2) {
      guard let high = value(digits[i]), let low = value(digits[i + 1]) else { return nil }
      channels.append(Double(high * 16 + low) / 255)
    }
    if channels.count == 3 { channels.append(1) }
    return channels
  }

  /// A hexadecimal digit's value.
  static func value(_ c: UInt8) -> Int? {
    switch c {
    case 0x30...0x39: Int(c - 0x30)
    case 0x41...0x46: Int(c - 0x41 + 10)
    case 0x61...0x66: Int(c - 0x61 + 10)
    default: nil
    }
  }
}
