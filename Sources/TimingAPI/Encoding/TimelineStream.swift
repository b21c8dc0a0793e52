import HTTPTransport
import TimingEngine

/// A timeline answer made piece by piece — the JSON document (`TimelineDocument`) or the CSV
/// rows (`TimelineCSVEncoder`): each piece samples a block of about `blockValues` numbers
/// and encodes it, so a 57 MB answer is never held whole — not as samples (40 MB of doubles for
/// 5 M values) and not as text — and the server sends each piece as the client takes it.
///
/// Used from one thread at a time (the server asks for one piece at a time), which is why the
/// unchecked `Sendable` is sound.
final class TimelineStream: @unchecked Sendable {
  /// The answer's encoding (a plot is drawn whole by `TimelinePlot`, never streamed); the
  /// media types are `Representation`'s.
  enum Format {
    case json
    case csv
  }

  /// Numbers sampled per block: 256 KiB of doubles, about 0.5 MB of text.
  static let blockValues = 32_768
  /// A piece is handed over once it holds this much.
  static let pieceBytes = 512 * 1024

  private enum Stage {
    case start
    case times(from: Int)
    case layer(Int)
    case column(layer: Int, output: Int, from: Int)
    case tail
    case rows(from: Int)
    case finished
  }

  private let plan: TimelinePlan
  /// The JSON document's blocks, output after output, sharing the local times of shared
  /// timings across layers (made on the first block: a CSV document has one per block).
  private lazy var sampler = TimelineBlockSampler(plan: plan, times: times)
  private let outputs: OutputPlan
  private let times: [Double]
  private let warnings: [SceneWarning]
  private let format: Format
  /// `?pretty`: each JSON piece re-indented as it is made (`JSONLayout`).
  private var indenter: JSONIndenter?
  /// `?precision`: numbers rounded as they are written (`NumberPrecision`): rewriting their
  /// text afterwards doubled the time of an answer of 1.4 million numbers.
  private let significantDigits: Int?
  private var stage = Stage.start
  private var json = JSONWriter(capacity: pieceBytes + 64 * 1024)
  private let csv = ByteBuffer(capacity: pieceBytes + 64 * 1024)

  init(
    _ prepared: PreparedTimeline, format: Format, indented: Bool = false,
    significantDigits: Int? = nil
  ) {
    plan = prepared.plan
    outputs = prepared.outputs
    times = prepared.times
    warnings = prepared.warnings
    self.format = format
    indenter = indented && format == .json ? JSONIndenter() : nil
    self.significantDigits = significantDigits
    json.significantDigits = significantDigits
  }

  /// Appends the next piece; false once the document is complete.
  func next(into piece: inout [UInt8]) -> Bool {
    switch format {
    case .json:
      while json.count < Self.pieceBytes, advanceJSON() {}
      piece = json.take()
      if var indenter {
        var indented: [UInt8] = []
        indenter.indent(piece, into: &indented)
        piece = indented
        self.indenter = indenter
      }
      // Every JSON answer ends with a line break (`JSONLayout`).
      if case .finished = stage { piece.append(UInt8(ascii: "\n")) }
    case .csv:
      while csv.count < Self.pieceBytes, advanceCSV() {}
      piece = csv.take()
    }
    if case .finished = stage { return false }
    return true
  }

  /// The whole document, for answers small enough to send with a Content-Length.
  func collect() -> [UInt8] {
    var body: [UInt8] = []
    var piece: [UInt8] = []
    while next(into: &piece) { body += piece }
    return body + piece
  }

  // MARK: JSON

  /// One step of the document; false when it is complete.
  private func advanceJSON() -> Bool {
    switch stage {
    case .start:
      json.beginObject()
      json.key(SampleRequest.TimesMember.times)
      json.beginArray()
      stage = .times(from: 0)
    case .times(let from):
      let to = min(times.count, from + Self.blockValues)
      times[from..<to].withUnsafeBufferPointer { json.numbers($0) }
      if to < times.count {
        stage = .times(from: to)
      } else {
        json.endArray()
        json.key(TimelineDocument.Member.layers)
        json.beginObject()
        stage = .layer(0)
      }
    case .layer(let layer):
      if layer == outputs.layerCount {
        json.endObject()
        stage = .tail
      } else {
        json.key(plan.layerNames[layer])
        json.beginObject()
        stage = .column(layer: layer, output: 0, from: 0)
      }
    case .column(let layer, let output, let from):
      guard output < outputs.outputCount(layer: layer) else {
        json.endObject()
        stage = .layer(layer + 1)
        return true
      }
      if from == 0 {
        json.key(outputs.keyPath(layer: layer, output: output))
        json.beginArray()
      }
      let width = max(1, outputs.type(layer: layer, output: output).componentCount)
      let to = min(
        times.count, from + TimelineBlockSampler.rows(values: Self.blockValues, width: width))
      let column = sampler.column(layer: layer, output: output, of: outputs, rows: from..<to)
      column.writeValues(names: plan.contentsNames, to: &json)
      if to < times.count {
        stage = .column(layer: layer, output: output, from: to)
      } else {
        json.endArray()
        stage = .column(layer: layer, output: output + 1, from: 0)
      }
    case .tail:
      TimelineDocument.writeTail(plan: plan, warnings: warnings, to: &json)
      json.endObject()
      stage = .finished
    case .rows, .finished:
      return false
    }
    return true
  }

  // MARK: CSV

  private func advanceCSV() -> Bool {
    switch stage {
    case .start:
      let layers = (0..<outputs.layerCount).map { layer in
        (
          name: plan.layerNames[layer],
          columns: (0..<outputs.outputCount(layer: layer)).map {
            (
              keyPath: outputs.keyPath(layer: layer, output: $0),
              type: outputs.type(layer: layer, output: $0)
            )
          }
        )
      }
      csv.append(TimelineCSVEncoder.headerLine(layers))
      stage = .rows(from: 0)
    case .rows(let from):
      guard from < times.count else {
        stage = .finished
        return false
      }
      let width = max(1, outputs.componentsPerSample)
      let to = min(times.count, from + max(1, Self.blockValues / width))
      // A row holds every layer: the layers of one block share their timings' local times.
      let block = TimelineBlockSampler(plan: plan, times: Array(times[from..<to]))
      var columns: [TimelineColumn] = []
      for layer in 0..<outputs.layerCount {
        for output in 0..<outputs.outputCount(layer: layer) {
          columns.append(
            block.column(layer: layer, output: output, of: outputs, rows: 0..<block.times.count))
        }
      }
      TimelineCSVEncoder.appendRows(
        times: times[from..<to], columns: columns, names: plan.contentsNames, to: csv,
        significantDigits: significantDigits)
      stage = to < times.count ? .rows(from: to) : .finished
    case .times, .layer, .column, .tail, .finished:
      return false
    }
    return true
  }
}
