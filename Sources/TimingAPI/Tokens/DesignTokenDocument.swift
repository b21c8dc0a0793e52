import TimingEngine

/// A DTCG 2025.10 document read into its tokens (technical-reports/format: "Groups", "Design
/// token", "Aliases / references"): groups walked in document order, each token's `$type` its
/// own or the nearest group's, groups that `$extends` another inheriting its tokens and
/// properties (its own members win, nested groups merged), a group's `$root` token named
/// `group.$root`, and every reference in a value — `{group.token}` or `{"$ref": "#/…"}`, and a
/// token's own `$ref` — resolved (`DesignTokenReferences`). A cycle or a reference to nothing
/// is a problem naming both ends; each problem is at its JSON Pointer, and all are reported.
struct DesignTokenDocument: Sendable {
  /// Every token, in document order.
  let tokens: [DesignToken]

  /// A group's own properties (`$`-members) and a token's.
  enum GroupMember: String, WireMember {
    case type = "$type", description = "$description", extensions = "$extensions"
    case extends = "$extends", deprecated = "$deprecated", root = "$root", schema = "$schema"
  }

  enum TokenMember: String, WireMember {
    case value = "$value", ref = "$ref", type = "$type", description = "$description"
    case extensions = "$extensions", deprecated = "$deprecated"
  }

  /// Every token that could be read, its references resolved; each problem in `context` (a
  /// token whose value could not be resolved is left out, so one 422 can list every problem
  /// of the document, its meanings' too).
  init(
    json document: JSONValue, dialect: DesignTokenDialect = .dtcg, in context: inout DecodingContext
  ) {
    var reader = Reader(document: document, dialect: dialect)
    guard let root = reader.group(document, at: JSONPointer(), isRoot: true, in: &context) else {
      tokens = []
      return
    }
    var tokens: [DesignToken] = []
    reader.flatten(root, path: [], type: nil, into: &tokens, in: &context)
    self.tokens = DesignTokenReferences.resolved(tokens, document: document, in: &context)
  }

  /// The most tokens a document gives, its inherited ones included: real design systems have
  /// hundreds; 1 MiB of the smallest tokens is 52 000.
  static let maxTokens = 100_000

  /// A group with its `$extends` applied: its properties and its children in order, each
  /// child's place kept by name (a scan of the children for each member was quadratic: a group
  /// of 52 000 tokens, 1 MiB, took 77 s).
  struct Group {
    var properties: [GroupMember: (value: JSONValue, pointer: JSONPointer)] = [:]
    private(set) var children: [(name: String, node: Node)] = []
    private var places: [String: Int] = [:]

    /// The child of that name, if any.
    func child(_ name: String) -> Node? { places[name].map { children[$0].node } }

    /// Sets the child of that name, in its place, or last.
    mutating func set(_ name: String, _ node: Node) {
      if let place = places[name] {
        children[place].node = node
      } else {
        places[name] = children.count
        children.append((name, node))
      }
    }
  }

  indirect enum Node {
    case token(JSONValue, JSONPointer)
    case group(Group)
  }

  /// Walks the document, with the stack of groups being extended (a cycle of `$extends` is a
  /// problem, not a loop).
  struct Reader {
    let document: JSONValue
    let dialect: DesignTokenDialect
    var extending: [JSONPointer] = []
    /// The groups being read, their own members not yet all read: the group at hand and its
    /// enclosing ones, and those an `$extends` is reading. Extending one of them is a cycle (a
    /// group extending its own ancestor contains itself: each level doubled the tree, and a
    /// 2.8 KB document filled 24 GB).
    var reading: Set<[String]> = []
    /// Groups an `$extends` has read, by pointer: each is read once however many extend it
    /// (5 000 groups each extending the one before took 66 s read again every time).
    var extended: [[String]: Group] = [:]
    /// Whether the document has come to `maxTokens` (said once).
    var overflowed = false

    init(document: JSONValue, dialect: DesignTokenDialect) {
      self.document = document
      self.dialect = dialect
    }

    /// Whether an object is a token: it has `$value` or `$ref` (format/groupOrToken.json).
    static func isToken(_ value: JSONValue) -> Bool {
      value[TokenMember.value] != nil || value[TokenMember.ref] != nil
    }

    mutating func group(
      _ value: JSONValue, at pointer: JSONPointer, isRoot: Bool = false,
      in context: inout DecodingContext
    ) -> Group? {
      guard let members = context.object(value, at: pointer) else { return nil }
      reading.insert(pointer.tokens)
      defer { reading.remove(pointer.tokens) }
      var group = Group()
      if let extends = value[GroupMember.extends] {
        let at = pointer / GroupMember.extends
        if let (target, targetPointer) = DesignTokenReferences.group(
          extends, in: document, at: at, context: &context)
        {
          if extending.count >= DesignTokenReferences.maxDepth {
            context.fail(
              at, "extends through more than \(DesignTokenReferences.maxDepth) groups in a row")
          } else if reading.contains(targetPointer.tokens) {
            context.fail(
              at,
              "extends \(targetPointer), which holds or extends this group: a cycle of $extends")
          } else {
            let base: Group?
            if let known = extended[targetPointer.tokens] {
              base = known
            } else {
              extending.append(pointer)
              base = self.group(target, at: targetPointer, in: &context)
              extending.removeLast()
              if let base { extended[targetPointer.tokens] = base }
            }
            // Inheriting copies the base's members: charged as values looked at, so many groups
            // extending one large group are bounded by the budget.
            if let base, context.charge(base.children.count + base.properties.count, at: at) {
              group = base
            }
          }
        }
      }
      for (name, member) in members {
        let at = pointer / name
        if name.hasPrefix("$") {
          // DTIF documents carry members of their own (`$version`, `$lastModified`, …).
          if GroupMember(rawValue: name) == nil, dialect.keepsUnknownProperties { continue }
          guard let property = GroupMember(rawValue: name), property != .schema || isRoot else {
            context.fail(
              at,
              "is not a group property; a group's are \(GroupMember.allCases.filter { $0 != .schema }.map(\.rawValue).joined(separator: ", "))"
            )
            continue
          }
          // The service's spring on a group, not a token, would be read as nothing: a DTCG token
          // needs a `$value` (a stand-in curve for tools that read DTCG alone).
          if property == .extensions, member[MotionToken.springExtension] != nil {
            context.fail(
              at / MotionToken.springExtension,
              "is on a group: a spring belongs to a token, which needs a $value too (a cubicBezier stand-in for tools that read DTCG alone)"
            )
          }
          switch property {
          case .root:
            group.set("$root", .token(member, at))
          case .type, .description, .extensions, .deprecated, .extends, .schema:
            group.properties[property] = (member, at)
          }
          continue
        }
        guard Self.isValidName(name) else {
          context.fail(at, "is not a token or group name: it may not contain {, } or .")
          continue
        }
        guard case .object = member else {
          context.fail(at, "must be a token or a group (an object), not \(member.typeName)")
          continue
        }
        if Self.isToken(member) {
          group.set(name, .token(member, at))
        } else if let child = self.group(member, at: at, in: &context) {
          // A group extends its base's group of the same name rather than replacing it.
          if case .group(let base)? = group.child(name) {
            group.set(name, .group(Self.merged(base, child)))
          } else {
            group.set(name, .group(child))
          }
        }
      }
      return group
    }

    private static func merged(_ base: Group, _ own: Group) -> Group {
      var group = base
      for (property, value) in own.properties { group.properties[property] = value }
      for (name, node) in own.children {
        if case .group(let inner)? = group.child(name), case .group(let ownInner) = node {
          group.set(name, .group(merged(inner, ownInner)))
        } else {
          group.set(name, node)
        }
      }
      return group
    }

    /// format.json's `tokenOrGroupName`: not starting with `$`, without `{`, `}` or `.`.
    static func isValidName(_ name: String) -> Bool {
      !name.isEmpty && !name.contains(where: { $0 == "{" || $0 == "}" || $0 == "." })
    }

    /// The tokens of `group` in order, each with its type or the nearest group's (the JSON
    /// parser's nesting limit, 64, bounds the recursion), at most `maxTokens` of them: groups
    /// that extend the same group twice at every level double the tokens at each (18 levels,
    /// 1.2 KB, were 524 287 tokens and 139 MB of answer).
    mutating func flatten(
      _ group: Group, path: [String], type inherited: String?,
      into tokens: inout [DesignToken], in context: inout DecodingContext
    ) {
      var type = inherited
      if let (value, at) = group.properties[.type] {
        type = self.type(value, at: at, in: &context) ?? inherited
      }
      for (name, node) in group.children {
        switch node {
        case .group(let child):
          flatten(child, path: path + [name], type: type, into: &tokens, in: &context)
        case .token(let value, let at):
          guard tokens.count < DesignTokenDocument.maxTokens else {
            if !overflowed {
              overflowed = true
              context.fail(
                at,
                "makes the document more than \(DesignTokenDocument.maxTokens) tokens with those its groups inherit"
              )
            }
            return
          }
          if let token = self.token(value, path: path + [name], at: at, type: type, in: &context) {
            tokens.append(token)
          }
        }
      }
    }

    /// A `$type`: one of DTCG 2025.10's, or any name in a dialect with types of its own.
    func type(_ value: JSONValue, at pointer: JSONPointer, in context: inout DecodingContext)
      -> String?
    {
      guard let text = context.string(value, at: pointer) else { return nil }
      guard dialect.keepsUnknownProperties || DesignTokenType(rawValue: text) != nil else {
        let names = DesignTokenType.allCases.map(\.rawValue)
        context.fail(
          pointer,
          "'\(text.prefix(40))' is not a DTCG 2025.10 type; the types are "
            + names.joined(separator: ", ") + NameSuggestion(names).hint(for: text))
        return nil
      }
      return text
    }

    func token(
      _ value: JSONValue, path: [String], at pointer: JSONPointer, type inherited: String?,
      in context: inout DecodingContext
    ) -> DesignToken? {
      guard case .object(let members) = value else {
        // A group's `$root` of another kind (its named tokens are checked where they are read).
        context.fail(
          pointer, "must be a token: an object with $value or $ref, not \(value.typeName)")
        return nil
      }
      for (name, _) in members
      where TokenMember(rawValue: name) == nil
        && !(dialect.keepsUnknownProperties && name.hasPrefix("$"))
      {
        context.fail(
          pointer / name,
          "is not a token property; a token's are "
            + TokenMember.allCases.map(\.rawValue).joined(separator: ", ")
            + " (a token has no nested tokens)")
      }
      let written = value[TokenMember.value]
      let ref = value[TokenMember.ref]
      if written != nil && ref != nil {
        context.fail(pointer / TokenMember.ref, "a token has $value or $ref, not both")
        return nil
      }
      let type =
        value[TokenMember.type].flatMap {
          self.type($0, at: pointer / TokenMember.type, in: &context)
        } ?? inherited
      let description = value[TokenMember.description].flatMap {
        context.string($0, at: pointer / TokenMember.description, maxLength: 1 << 16)
      }
      let extensions = value[TokenMember.extensions]
      switch extensions {
      case .object?, nil: break
      case .some(let other):
        context.fail(pointer / TokenMember.extensions, "must be an object, not \(other.typeName)")
      }
      // A token's `$ref` stands for its whole value: resolved with the other references.
      let given = written ?? .object([(TokenMember.ref.rawValue, ref ?? .null)])
      return DesignToken(
        path: path, pointer: pointer, typeName: type, written: given, value: given,
        description: description, extensions: extensions,
        deprecated: value[TokenMember.deprecated])
    }
  }
}
