import TimingEngine

/// A timeline's `actions` (api.md "Timelines"): every action lookup a script change caused —
/// when and on which layer, the lookup (`ActionSearch.Resolution`'s members) and the change
/// that caused it.
extension ActionRecord {
  enum Member: String, WireMember {
    case time, layer, change
  }

  static func write(_ records: [ActionRecord], to w: inout JSONWriter) {
    w.beginArray()
    for record in records {
      w.beginObject()
      w.member(Member.time, record.time)
      w.member(Member.layer, record.layer)
      record.resolution.writeMembers(key: record.key, to: &w)
      w.member(Member.change, JSONPointer(record.source).description)
      w.endObject()
    }
    w.endArray()
  }
}
