/// `GET /version`'s answer (api.md "Operations"): which service and which release answers.
extension ServiceVersion {
  enum Member: String, WireMember {
    case name, version
  }

  /// The service's name: the contract's `info.title`.
  static let serviceName = "animation-timing"

  static func write(to w: inout JSONWriter) {
    w.beginObject()
    w.member(Member.name, serviceName)
    w.member(Member.version, current)
    w.endObject()
  }
}
