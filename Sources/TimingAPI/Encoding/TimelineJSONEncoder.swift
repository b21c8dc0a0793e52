import TimingEngine

/// The columnar timeline response (api.md "Timelines"), written in one pass by the streaming
/// writer: values in the JSON forms of semantics.md §3.1.
enum TimelineJSONEncoder {
  static func encode(_ samples: TimelineSamples, plan: TimelinePlan, warnings: [SceneWarning])
    -> [UInt8]
  {
    let numbers = samples.layers.reduce(samples.times.count) {
      $0 + $1.columns.reduce(0) { $0 + $1.values.count }
    }
    var w = JSONWriter(capacity: 64 + numbers * 20)
    w.beginObject()
    w.key("times")
    w.numberArray(samples.times)
    w.key("layers")
    w.beginObject()
    for layer in samples.layers {
      w.key(layer.name)
      w.beginObject()
      for column in layer.columns {
        w.key(column.keyPath)
        column.write(names: plan.contentsNames, to: &w)
      }
      w.endObject()
    }
    w.endObject()
    w.key("events")
    writeEvents(plan.events, completions: plan.completions, into: &w)
    w.key("actions")
    writeActions(plan.actionRecords, into: &w)
    w.key("warnings")
    writeWarnings(warnings, into: &w)
    w.endObject()
    // Every JSON answer ends with a line break (`JSONLayout`).
    return w.bytes + [UInt8(ascii: "\n")]
  }

  /// Delegate events and completion blocks in time order (a completion after the stops at its
  /// time, since it runs when they have happened).
  static func writeEvents(
    _ events: [DelegateEvent], completions: [CompletionEvent], into w: inout JSONWriter
  ) {
    w.beginArray()
    var pending = completions[...]
    func flushCompletions(before time: Double, _ w: inout JSONWriter) {
      while let next = pending.first, next.time < time {
        w.beginObject()
        w.key("time")
        w.number(next.time)
        w.key("event")
        w.string("completion")
        w.key("name")
        w.string(next.name)
        w.key("finished")
        w.bool(next.finished)
        w.endObject()
        pending = pending.dropFirst()
      }
    }
    for event in events {
      flushCompletions(before: event.time, &w)
      w.beginObject()
      w.key("time")
      w.number(event.time)
      w.key("layer")
      w.string(event.layer)
      w.key("key")
      if let key = event.key { w.string(key) } else { w.null() }
      w.key("event")
      w.string(event.kind.rawValue)
      if let finished = event.finished {
        w.key("finished")
        w.bool(finished)
      }
      w.key("animation")
      w.string(JSONPointer(event.source).description)
      w.endObject()
    }
    flushCompletions(before: .infinity, &w)
    w.endArray()
  }

  /// Every action lookup a script change caused: what was asked, what answered, what ran.
  static func writeActions(_ records: [ActionRecord], into w: inout JSONWriter) {
    w.beginArray()
    for record in records {
      w.beginObject()
      w.key("time")
      w.number(record.time)
      w.key("layer")
      w.string(record.layer)
      w.key("key")
      w.string(record.key)
      w.key("action")
      if let action = record.resolution.action {
        action.write(to: &w)
      } else {
        w.null()
      }
      w.key("decidedBy")
      w.string(record.resolution.decidedBy.rawValue)
      w.key("trace")
      TraceJSON.write(record.resolution.trace, into: &w)
      w.key("change")
      w.string(JSONPointer(record.source).description)
      w.endObject()
    }
    w.endArray()
  }

  static func writeWarnings(_ warnings: [SceneWarning], into w: inout JSONWriter) {
    w.beginArray()
    for warning in warnings {
      w.beginObject()
      w.key("pointer")
      w.string(JSONPointer(warning.source).description)
      w.key("message")
      w.string(warning.message)
      w.endObject()
    }
    w.endArray()
  }
}

/// The same samples as CSV: one row per time, one column per component
/// (`layer.keyPath.component`).
enum TimelineCSVEncoder {
  static func encode(_ samples: TimelineSamples, plan: TimelinePlan) -> [UInt8] {
    let header = headerLine(
      samples.layers.map { layer in (layer.name, layer.columns.map { ($0.keyPath, $0.type) }) })
    let columns = samples.layers.flatMap(\.columns)
    let width = columns.reduce(0) { $0 + $1.type.componentCount }
    let out = ByteBuffer(capacity: 1024 + samples.times.count * (width + 1) * 12)
    out.append(header)
    appendRows(
      times: samples.times[...], columns: columns, names: plan.contentsNames, to: out)
    return out.bytes
  }

  /// The first row: `time`, then `layer.keyPath.component` for every component.
  static func headerLine(_ layers: [(name: String, columns: [(keyPath: String, type: ValueType)])])
    -> String
  {
    var header = ["time"]
    for layer in layers {
      for column in layer.columns {
        for component in column.type.componentNames {
          header.append(
            quote(
              component.isEmpty
                ? "\(layer.name).\(column.keyPath)" : "\(layer.name).\(column.keyPath).\(component)"
            ))
        }
      }
    }
    return header.joined(separator: ",") + "\r\n"
  }

  /// One row per time; `columns` hold the values at exactly these times, every layer's in order.
  static func appendRows(
    times: ArraySlice<Double>, columns: [TimelineColumn], names: [String], to out: ByteBuffer,
    significantDigits: Int? = nil
  ) {
    // `?precision` as the rows are written (`NumberPrecision`).
    func append(_ v: Double) {
      if let significantDigits {
        ShortestDecimal.append(v, significantDigits: significantDigits, to: out)
      } else {
        ShortestDecimal.append(v, to: out)
      }
    }
    for (i, time) in times.enumerated() {
      append(time)
      for column in columns {
        let n = column.type.componentCount
        for c in 0..<n {
          out.append(UInt8(ascii: ","))
          let v = column.values[i * n + c]
          if column.type == .contents && c < 2 {
            out.append(quote(names[TimelineColumn.contentsIndex(v, names)]))
          } else if column.type == .bool {
            out.append(v != 0 ? "true" : "false")
          } else if v.isFinite {
            append(v)
          }
        }
      }
      out.append([0x0D, 0x0A])
    }
  }

  /// RFC 4180 quoting, and a leading apostrophe against spreadsheet formula injection.
  static func quote(_ text: String) -> String {
    var t = text
    if let first = t.first, "=+-@".contains(first) { t = "'" + t }
    guard t.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return t
    }
    return "\"" + t.replacingAll("\"", "\"\"") + "\""
  }
}
