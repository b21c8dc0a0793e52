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
      w.key(Member.time)
      w.number(record.time)
      w.key(Member.layer)
      w.string(record.layer)
      record.resolution.writeMembers(key: record.key, to: &w)
      w.key(Member.change)
      w.string(JSONPointer(record.source).description)
      w.endObject()
    }
    w.endArray()
  }
}
