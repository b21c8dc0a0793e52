import TimingEngine

/// A timeline as CSV: one row per time, one column per component
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
