import TimingEngine

/// A sampled column in JSON (api.md "Timelines"): one value per time in the JSON form of its
/// type (semantics.md §3.1) — a timeline's `layers` and a preset's `keyframes`.
extension TimelineColumn {
  /// A contents value's members while one image cross-fades to another (a plain name
  /// otherwise).
  enum CrossFadeMember: String, WireMember {
    case from, to, progress
  }

  /// The column as an array; contents ids are indices into `names`.
  func write(names: [String], to w: inout JSONWriter) {
    w.beginArray()
    writeValues(names: names, to: &w)
    w.endArray()
  }

  /// The values without the brackets around them (a streamed column is written in blocks
  /// between one `[` and one `]`).
  func writeValues(names: [String], to w: inout JSONWriter) {
    let n = type.componentCount
    let count = n == 0 ? 0 : values.count / n
    values.withUnsafeBufferPointer { v in
      switch type {
      case .scalar:
        w.numbers(v)
      case .bool:
        for i in 0..<count { w.bool(v[i] != 0) }
      case .contents:
        for i in 0..<count {
          let from = names[Self.contentsIndex(v[i * 3], names)]
          let to = names[Self.contentsIndex(v[i * 3 + 1], names)]
          let progress = v[i * 3 + 2]
          if from == to || progress >= 1 {
            w.string(to)
          } else {
            w.beginObject()
            w.member(CrossFadeMember.from, from)
            w.member(CrossFadeMember.to, to)
            w.member(CrossFadeMember.progress, progress)
            w.endObject()
          }
        }
      case .point, .size, .rect, .color, .transform, .array:
        for i in 0..<count {
          let value = UnsafeBufferPointer(rebasing: v[i * n..<(i + 1) * n])
          // A transition column is null while no transition is running.
          if value[0].isNaN {
            w.null()
          } else {
            w.beginArray()
            w.numbers(value)
            w.endArray()
          }
        }
      }
    }
  }

  /// A contents component as an index into the scene's names (the JSON and the CSV name the
  /// same image). Contents ids are copied, never interpolated or added (ValueType.isAdditive is
  /// false), so they are whole indices already; the total conversion keeps a future slip from
  /// trapping: NaN or out of range reads as none.
  static func contentsIndex(_ id: Double, _ names: [String]) -> Int {
    let index = Int(truncating: id, clampedTo: -1...names.count, ifNaN: -1)
    return names.indices.contains(index) ? index : 0
  }
}
