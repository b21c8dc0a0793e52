/// References in a DTCG document (format "Aliases / references", 2025.10): a value that is
/// `{group.token}` is that token's value (and its type, when the token has none of its own);
/// `{"$ref": "#/json/pointer"}` — or a token's own `$ref` — is the value at that RFC 6901
/// pointer, resolved in turn when it lies in another token's `$value`. References are resolved
/// to any depth, once each; a cycle is a problem at the token that closes it, naming the
/// other end, and a reference to nothing names what it asked for.
enum DesignTokenReferences {
  /// The longest chain of references followed (and of `$extends`): real files chain 2 or 3.
  static let maxDepth = 64

  /// The tokens with every reference in their values replaced; those where one cannot be are
  /// left out, each reported once.
  static func resolved(
    _ tokens: [DesignToken], document: JSONValue, in context: inout DecodingContext
  ) -> [DesignToken] {
    var resolver = Resolver(tokens: tokens, document: document)
    var out: [DesignToken] = []
    for index in tokens.indices {
      guard let value = resolver.value(of: index, in: &context) else { continue }
      var token = tokens[index]
      token.value = value
      if token.typeName == nil { token.typeName = resolver.types[index] }
      out.append(token)
    }
    return out
  }

  /// The group a `$extends` names, `{group.path}` or `#/json/pointer`, and where it is.
  static func group(
    _ reference: JSONValue, in document: JSONValue, at pointer: JSONPointer,
    context: inout DecodingContext
  ) -> (JSONValue, JSONPointer)? {
    guard case .string(let text) = reference else {
      context.fail(pointer, "must be a reference: {group.name} or #/json/pointer")
      return nil
    }
    guard let target = Self.pointer(text) else {
      context.fail(
        pointer, "'\(text.prefix(80))' is not a reference: {group.name} or #/json/pointer")
      return nil
    }
    guard let value = Self.value(at: target, in: document), case .object = value,
      !DesignTokenDocument.Reader.isToken(value)
    else {
      context.fail(pointer, "refers to \(text.prefix(80)), which is not a group in the document")
      return nil
    }
    return (value, target)
  }

  /// The pointer a reference names: `{a.b}` is `/a/b`; `#/a/b` is RFC 6901's fragment form.
  static func pointer(_ text: String) -> JSONPointer? {
    if text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 {
      let inner = text.dropFirst().dropLast()
      guard !inner.contains(where: { $0 == "{" || $0 == "}" }) else { return nil }
      let names = inner.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      guard !names.contains(where: \.isEmpty) else { return nil }
      return JSONPointer(names)
    }
    guard text.hasPrefix("#/") || text == "#" else { return nil }
    let tokens = text.dropFirst(text == "#" ? 1 : 2).split(
      separator: "/", omittingEmptySubsequences: false
    ).map { token -> String in
      // RFC 6901 §6: a fragment percent-encodes; §4: then ~1 is /, and ~0 is ~ (in that order).
      let decoded = percentDecode(token, plusIsSpace: false) ?? String(token)
      return Self.unescaped(decoded)
    }
    return JSONPointer(text == "#" ? [] : tokens)
  }

  /// A pointer token's `~1` as `/` and then `~0` as `~`.
  static func unescaped(_ token: String) -> String {
    guard token.contains("~") else { return token }
    var out = ""
    var tilde = false
    for c in token {
      if tilde {
        out += c == "1" ? "/" : c == "0" ? "~" : "~" + String(c)
        tilde = false
      } else if c == "~" {
        tilde = true
      } else {
        out.append(c)
      }
    }
    return tilde ? out + "~" : out
  }

  /// The value at `pointer` in `document`, if there is one.
  static func value(at pointer: JSONPointer, in document: JSONValue) -> JSONValue? {
    var value = document
    for token in pointer.tokens {
      switch value {
      case .object: guard let next = value[token] else { return nil }; value = next
      case .array(let items):
        // RFC 6901 §4: an index is 0 or digits not starting with 0 ("01" names no element).
        guard token == "0" || !token.hasPrefix("0"), token.allSatisfy(\.isASCII),
          let index = Int(token), index >= 0, items.indices.contains(index)
        else { return nil }
        value = items[index]
      case .null, .bool, .number, .string: return nil
      }
    }
    return value
  }

  struct Resolver {
    let tokens: [DesignToken]
    let document: JSONValue
    /// Token index by name (`group.token`) and by where its object is.
    let byName: [String: Int]
    let byPointer: [[String]: Int]
    var resolved: [Int: JSONValue] = [:]
    /// Tokens whose value could not be resolved, reported already: a second way to them is
    /// not a second problem.
    var failed: Set<Int> = []
    var types: [Int: String] = [:]
    /// The tokens being resolved, innermost last: meeting one again is a cycle.
    var resolving: [Int] = []
    /// Places outside tokens' values that `$ref`s name, as resolved (nil where they could not
    /// be), and those being resolved.
    var places: [[String]: JSONValue?] = [:]
    var following: [[String]] = []

    init(tokens: [DesignToken], document: JSONValue) {
      self.tokens = tokens
      self.document = document
      var byName: [String: Int] = [:]
      var byPointer: [[String]: Int] = [:]
      for (index, token) in tokens.enumerated() {
        byName[token.name] = index
        byPointer[token.pointer.tokens] = index
      }
      self.byName = byName
      self.byPointer = byPointer
    }

    /// The token's value, resolved; nil (and a problem) where it cannot be.
    mutating func value(of index: Int, in context: inout DecodingContext) -> JSONValue? {
      if let known = resolved[index] { return known }
      guard !failed.contains(index) else { return nil }
      let token = tokens[index]
      if let position = resolving.firstIndex(of: index) {
        let members = Array(resolving[position...])
        let cycle = (members + [index]).map { "{\(tokens[$0].name)}" }
        context.fail(
          tokens[resolving.last ?? index].pointer,
          "refers to itself through " + cycle.joined(separator: " → ")
            + " (at \(token.pointer)): a cycle of references")
        failed.formUnion(members)
        return nil
      }
      // A chain of references deeper than this would recurse as deep: a hostile document of
      // 10 000 tokens each naming the next would exhaust a worker thread's stack.
      guard resolving.count < DesignTokenReferences.maxDepth else {
        context.fail(
          token.pointer,
          "refers through more than \(DesignTokenReferences.maxDepth) references in a row")
        failed.insert(index)
        return nil
      }
      resolving.append(index)
      defer { resolving.removeLast() }
      let valuePointer = token.pointer / DesignTokenDocument.TokenMember.value
      guard
        let value = self.value(
          token.written, at: valuePointer, for: index, whole: true, in: &context)
      else {
        failed.insert(index)
        return nil
      }
      resolved[index] = value
      return value
    }

    /// `value` with its references resolved; `whole` when it is the token's whole value (whose
    /// reference also gives the token its type).
    mutating func value(
      _ value: JSONValue, at pointer: JSONPointer, for index: Int, whole: Bool,
      in context: inout DecodingContext
    ) -> JSONValue? {
      switch value {
      case .string(let text) where text.hasPrefix("{") && text.hasSuffix("}"):
        guard let target = byName[String(text.dropFirst().dropLast())] else {
          context.fail(
            pointer, "refers to \(text.prefix(80)), which is not a token in the document")
          return nil
        }
        guard let resolvedValue = self.value(of: target, in: &context) else { return nil }
        if whole, let type = tokens[target].typeName ?? types[target] { types[index] = type }
        return resolvedValue
      case .object(let members):
        if members.count == 1, members[0].0 == DesignTokenDocument.TokenMember.ref.rawValue {
          return reference(members[0].1, at: pointer, for: index, whole: whole, in: &context)
        }
        var out: [(String, JSONValue)] = []
        for (name, member) in members {
          guard
            let resolvedMember = self.value(
              member, at: pointer / name, for: index, whole: false, in: &context)
          else { return nil }
          out.append((name, resolvedMember))
        }
        return .object(out)
      case .array(let items):
        var out: [JSONValue] = []
        for (i, item) in items.enumerated() {
          guard
            let resolvedItem = self.value(
              item, at: pointer / i, for: index, whole: false, in: &context)
          else { return nil }
          out.append(resolvedItem)
        }
        return .array(out)
      case .null, .bool, .number, .string: return value
      }
    }

    /// A `$ref`: the value at its pointer — inside another token's `$value`, that token's
    /// value resolved first.
    mutating func reference(
      _ ref: JSONValue, at pointer: JSONPointer, for index: Int, whole: Bool,
      in context: inout DecodingContext
    ) -> JSONValue? {
      guard case .string(let text) = ref, text.hasPrefix("#"),
        let target = DesignTokenReferences.pointer(text)
      else {
        context.fail(pointer, "$ref must be a JSON Pointer into the document: #/path/to/it")
        return nil
      }
      let parts = target.tokens
      let valueKey = DesignTokenDocument.TokenMember.value.rawValue
      // The token whose `$value` it points into, if any: its object's pointer, then `$value`.
      if let split = parts.firstIndex(of: valueKey), let owner = byPointer[Array(parts[..<split])] {
        guard let ownerValue = self.value(of: owner, in: &context) else { return nil }
        if whole, split == parts.count - 1, let type = tokens[owner].typeName ?? types[owner] {
          types[index] = type
        }
        guard
          let found = DesignTokenReferences.value(
            at: JSONPointer(Array(parts[(split + 1)...])), in: ownerValue)
        else {
          context.fail(pointer, "refers to \(text.prefix(80)), which is not in the document")
          return nil
        }
        return found
      }
      guard let found = DesignTokenReferences.value(at: target, in: document) else {
        context.fail(pointer, "refers to \(text.prefix(80)), which is not in the document")
        return nil
      }
      // A place outside any token's value, resolved once however often it is referred to (two
      // references a level, 22 levels, were 4 million resolutions and 59 s), never through
      // itself ({"a": {"$ref": "#/a"}} recursed until the stack ran out), and each charged.
      if let known = places[parts] { return known }
      guard !following.contains(parts) else {
        context.fail(
          pointer, "refers to \(text.prefix(80)), which refers back to it: a cycle of $ref")
        return nil
      }
      guard following.count < DesignTokenReferences.maxDepth else {
        context.fail(
          pointer, "refers through more than \(DesignTokenReferences.maxDepth) references in a row")
        return nil
      }
      guard context.charge(1, at: pointer) else { return nil }
      following.append(parts)
      defer { following.removeLast() }
      let resolvedPlace = self.value(found, at: pointer, for: index, whole: whole, in: &context)
      places[parts] = resolvedPlace
      return resolvedPlace
    }
  }
}
