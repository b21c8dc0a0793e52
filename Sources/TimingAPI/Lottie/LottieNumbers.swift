/// A Lottie value made of numbers: a scalar (`"k": 45`, a rotation) or a vector (`"k": [0, 0]`,
/// a position; `[1, 0.5, 0, 1]`, a colour). Which one the file wrote is kept: players read a
/// rotation's `k` only as a number, and a keyframe's `s` as an array even for a scalar.
struct LottieNumbers: Sendable, Equatable {
  var values: [Double]
  /// Written as one number rather than an array of one.
  var isScalar: Bool

  init(_ values: [Double], isScalar: Bool = false) {
    self.values = values
    self.isScalar = isScalar && values.count == 1
  }

  init(scalar value: Double) { self.init([value], isScalar: true) }

  init?(json value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext) {
    switch value {
    case .number:
      guard let n = context.lottieNumber(value, at: pointer) else { return nil }
      self.init(scalar: n)
    case .array(let items):
      guard context.charge(items.count, at: pointer) else { return nil }
      var numbers: [Double] = []
      numbers.reserveCapacity(items.count)
      for (index, item) in items.enumerated() {
        guard let n = context.lottieNumber(item, at: pointer / index) else { return nil }
        numbers.append(n)
      }
      self.init(numbers)
    case .null, .bool, .string, .object:
      context.fail(pointer, "must be a number or an array of numbers, not \(value.typeName)")
      return nil
    }
  }

  func write(to w: inout JSONWriter) {
    if isScalar { w.number(values[0]) } else { w.numberArray(values) }
  }
}
