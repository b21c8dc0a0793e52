/// How one member of a Lottie object is read and written: the one place each kind of member
/// (a string, a flag, a number, a value of the model, a list of them, JSON kept as written) is
/// turned from and into JSON. An object gives each of its members a field in one table
/// (`LottieObject.fields`), and reading and writing follow from it. A member absent in the
/// model is absent in the file (a player's default applies), never written as null.
struct LottieField<Root>: Sendable {
  let read: @Sendable (JSONValue, JSONPointer, inout Root, inout DecodingContext) -> Void
  /// Writes the member's key and value when the model has it.
  let write: @Sendable (Root, String, inout JSONWriter) -> Void
  /// An animated property's value, for the members that are one (`LottieObject[animated:]`).
  var animated: (@Sendable (Root) -> LottieAnimated<LottieNumbers>?)? = nil
  var setAnimated: (@Sendable (inout Root, LottieAnimated<LottieNumbers>?) -> Void)? = nil

  /// A member kept as it is when present.
  private static func optional<Value>(
    _ path: (WritableKeyPath<Root, Value?> & Sendable),
    read: @escaping @Sendable (JSONValue, JSONPointer, inout DecodingContext) -> Value?,
    write: @escaping @Sendable (Value, inout JSONWriter) -> Void
  ) -> Self {
    Self(
      read: { value, pointer, root, context in root[keyPath: path] = read(value, pointer, &context)
      },
      write: { root, key, w in
        guard let value = root[keyPath: path] else { return }
        w.key(key)
        write(value, &w)
      })
  }

  static func string(_ path: (WritableKeyPath<Root, String?> & Sendable)) -> Self {
    optional(path, read: { $2.lottieString($0, at: $1) }, write: { $1.string($0) })
  }

  static func bool(_ path: (WritableKeyPath<Root, Bool?> & Sendable)) -> Self {
    optional(path, read: { $2.bool($0, at: $1) }, write: { $1.bool($0) })
  }

  static func integer(_ path: (WritableKeyPath<Root, Int?> & Sendable)) -> Self {
    optional(path, read: { $2.lottieInteger($0, at: $1) }, write: { $1.number($0) })
  }

  static func number(_ path: (WritableKeyPath<Root, Double?> & Sendable)) -> Self {
    optional(path, read: { $2.lottieNumber($0, at: $1) }, write: { $1.number($0) })
  }

  /// JSON kept as the file wrote it (masks, effects, text, dashes: not evaluated).
  static func json(_ path: (WritableKeyPath<Root, JSONValue?> & Sendable)) -> Self {
    optional(path, read: { value, _, _ in value }, write: { $1.value($0) })
  }

  /// A value of the model: a transform, a position, a path, …
  static func value<Value: LottieCoding>(_ path: (WritableKeyPath<Root, Value?> & Sendable))
    -> Self
  {
    optional(
      path, read: { Value(json: $0, at: $1, in: &$2) }, write: { value, w in value.write(to: &w) })
  }

  /// An animated property of numbers, which the export places by member.
  static func animated(
    _ path: (WritableKeyPath<Root, LottieAnimated<LottieNumbers>?> & Sendable)
  ) -> Self {
    var field = value(path)
    field.animated = { $0[keyPath: path] }
    field.setAnimated = { $0[keyPath: path] = $1 }
    return field
  }

  /// A transform's position: placed as an animated property when combined.
  static func position(_ path: (WritableKeyPath<Root, LottiePosition?> & Sendable)) -> Self {
    var field = value(path)
    field.animated = { root in
      if case .combined(let animated)? = root[keyPath: path] { animated } else { nil }
    }
    field.setAnimated = { $0[keyPath: path] = $1.map(LottiePosition.combined) }
    return field
  }

  /// A list of values of the model (layers, shapes, assets, markers).
  static func list<Value: LottieCoding>(_ path: (WritableKeyPath<Root, [Value]?> & Sendable))
    -> Self
  {
    optional(
      path,
      read: { value, pointer, context in
        context.lottieArray(value, at: pointer) { Value(json: $0, at: $1, in: &$2) }
      },
      write: { values, w in
        w.beginArray()
        for value in values { value.write(to: &w) }
        w.endArray()
      })
  }
}
