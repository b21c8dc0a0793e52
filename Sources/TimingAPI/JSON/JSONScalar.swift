/// A value a JSON writer writes as one token: a number, a string or a flag
/// (`JSONWriter.member(_:_:)` takes any of them).
public protocol JSONScalar {
  func write(to w: inout JSONWriter)
}

extension Double: JSONScalar {
  public func write(to w: inout JSONWriter) { w.number(self) }
}

extension Int: JSONScalar {
  public func write(to w: inout JSONWriter) { w.number(self) }
}

extension String: JSONScalar {
  public func write(to w: inout JSONWriter) { w.string(self) }
}

extension Bool: JSONScalar {
  public func write(to w: inout JSONWriter) { w.bool(self) }
}
