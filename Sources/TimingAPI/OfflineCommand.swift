import HTTPTransport
import TimingEngine

/// `animation-timing sample …`, `animation-timing curve …`, `animation-timing spring …` and
/// `animation-timing presets …`: the service's answers without a server, for build pipelines (README "Without a server"). Each command is turned into the
/// HTTP request that asks the same thing and handed to `TimingService.handle` in process, so
/// its output, validation and limits are the HTTP API's byte for byte — nothing is computed or
/// checked a second way. The executable only reads the input and writes the answer.
public struct OfflineCommand: Sendable, Equatable {
  public enum Subcommand: String, CaseIterable, Sendable {
    case sample
    case curve
    case spring
    case presets
  }

  public let subcommand: Subcommand
  /// `--format`: what the service is asked for, one of the service's representations. `sample`
  /// passes it as `?format=`; for `curve`, `css` is the function's CSS easing, `csv` its points
  /// as rows, and a representation the curve route does not serve is refused by the service as
  /// it would refuse the request.
  public let format: Representation
  /// `sample`: the scene file, `-` for standard input.
  public let input: String?
  /// `curve`: the function, by name or CSS text.
  public let function: String?
  /// `curve`: how many evenly spaced points.
  public let samples: Int?
  /// `spring`: the API (a `SpringAPI` name, checked by the service) and its parameters as
  /// `name=value`, with `distance=` among them for the body's `distance`.
  public let spring: SpringArguments?

  public struct SpringArguments: Sendable, Equatable {
    public let api: String
    public let names: [String]
    public let values: [Double]
  }
  /// `presets`: the preset's type (nil lists them, `GET /v1/presets`) and its query parameters
  /// as given (`--duration 1` is `duration=1`), in order; the service checks names and values,
  /// as it checks the query's.
  public let preset: PresetArguments?

  public struct PresetArguments: Sendable, Equatable {
    public let type: String?
    public let names: [String]
    public let values: [String]
  }
  /// `-o`: where the answer goes; standard output when nil.
  public let output: String?

  /// What the arguments ask for.
  public enum Parsed: Sendable, Equatable {
    case help(String)
    case run(OfflineCommand)
    /// A usage error, as problem+json naming the argument (exit status 2).
    case invalid([UInt8])
  }

  /// What a run produced: the bytes for the output (on success) or for standard error (a
  /// problem), and the exit status.
  public struct Outcome: Sendable, Equatable {
    public let bytes: [UInt8]
    public let status: Int32
    public var succeeded: Bool { status == 0 }
  }

  /// The samples `curve` gives without `--samples`: 0, 0.01, … 1.
  public static let defaultSamples = 101

  public static func isSubcommand(_ argument: String) -> Bool {
    Subcommand(rawValue: argument) != nil
  }

  public static var usage: String {
    let formats = Representation.allCases.map(\.rawValue).joined(separator: "|")
    return """
      Without a server (README "Without a server"): the same answers as the HTTP API.
        animation-timing sample SCENE.json [--format \(formats)] [-o FILE]
            POST /v1/timelines with the scene (- reads standard input)
        animation-timing curve FUNCTION [--samples N] [--format \(formats)] [-o FILE]
            GET /v1/timing-functions/FUNCTION?samples=N (N defaults to \(defaultSamples); svg plots
            the curve, csv is one x,y row a point)
        animation-timing spring API [NAME=VALUE …] [distance=D] [-o FILE]
            POST /v1/springs with {"API": {"NAME": VALUE, …}, "distance": D}: the spring in every
            platform's API, e.g. spring swiftUI response=0.5 dampingFraction=0.8
        animation-timing presets [-o FILE]
            GET /v1/presets: the Canvas presets, each with its states and steps
        animation-timing presets TYPE [--NAME N …] [--format json|svg|waapi|css|lottie] [-o FILE]
            GET /v1/presets/TYPE?NAME=N&…: one preset expanded, its keyframes, plot or exports,
            e.g. presets bounceLeft --duration 1 --fps 30 --format lottie -o bounceLeft.json;
            NAME: \(PresetRequest.Parameter.allCases.map(\.rawValue).joined(separator: ", "))
            or an export's bound, \(ExportBounds.Parameter.allCases.map(\.rawValue).joined(separator: ", "))
      The answer goes to standard output (or FILE) with exit status 0; no file is written
      without -o. An error, usage errors included, is the API's problem+json on standard error
      with exit status 2.

      """
  }

  /// Parses the arguments after the program name, starting with the subcommand.
  public static func parse(_ arguments: [String]) -> Parsed {
    var rest = arguments[...]
    guard let first = rest.popFirst(), let subcommand = Subcommand(rawValue: first) else {
      return .invalid(
        usageProblem(
          "command",
          "must be one of \(Subcommand.allCases.map(\.rawValue)); got \(arguments.first ?? "nothing")"
        ))
    }
    var format = Representation.json
    var formatGiven = false
    var output: String?
    var samples: Int?
    var positional: [String] = []
    var presetNames: [String] = []
    var presetValues: [String] = []
    while let argument = rest.popFirst() {
      var name = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      func value() -> String? { inline ?? rest.popFirst() }
      switch name {
      case "--help", "-h":
        return .help(usage)
      case "--format":
        guard subcommand != .spring else {
          return .invalid(
            usageProblem("--format", "is not an option of spring, which answers JSON"))
        }
        guard let text = value() else {
          return .invalid(
            usageProblem("--format", "needs a value: \(Representation.allCases.map(\.rawValue))"))
        }
        guard let chosen = Representation(rawValue: text) else {
          return .invalid(
            usageProblem(
              "--format", "must be one of \(Representation.allCases.map(\.rawValue)); got \(text)"))
        }
        format = chosen
        formatGiven = true
      case "-o", "--output":
        guard let text = value(), !text.isEmpty else {
          return .invalid(usageProblem("-o", "needs a file name (standard output without -o)"))
        }
        output = text
      case "--samples":
        guard subcommand == .curve else {
          return .invalid(usageProblem("--samples", "is an option of curve only"))
        }
        // The service checks the range (1 to --max-points); here only that it is a number.
        guard let text = value(), let n = Int(text) else {
          return .invalid(usageProblem("--samples", "must be a whole number"))
        }
        samples = n
      case _ where subcommand == .presets && presetOptions.contains(String(name.dropFirst(2))):
        // The preset's parameters go to the query as given: the service checks the number and
        // its range and names the parameter, as it would for GET.
        guard let text = value() else {
          return .invalid(usageProblem(name, "needs a value, e.g. \(name) 1"))
        }
        presetNames.append(String(name.dropFirst(2)))
        presetValues.append(text)
      default:
        if argument.hasPrefix("-") && argument != "-" {
          return .invalid(
            usageProblem(argument, "is not an option of \(subcommand.rawValue); see --help"))
        }
        positional.append(argument)
      }
    }
    if subcommand == .spring {
      return springCommand(positional, output: output)
    }
    if subcommand == .presets {
      guard positional.count <= 1 else {
        return .invalid(usageProblem("TYPE", "takes one; got \(positional.count)"))
      }
      if positional.isEmpty, let first = presetNames.first {
        return .invalid(
          usageProblem("--" + first, "is an option of presets TYPE (one preset), not of the list"))
      }
      if positional.isEmpty, formatGiven {
        return .invalid(
          usageProblem("--format", "is an option of presets TYPE; the list is JSON"))
      }
      if formatGiven {
        presetNames.append(Representation.Parameter.format.rawValue)
        presetValues.append(format.rawValue)
      }
      return .run(
        OfflineCommand(
          subcommand: .presets, format: format, input: nil, function: nil, samples: nil,
          spring: nil,
          preset: PresetArguments(type: positional.first, names: presetNames, values: presetValues),
          output: output))
    }
    let what = subcommand == .sample ? "SCENE" : "FUNCTION"
    guard positional.count == 1 else {
      return .invalid(
        usageProblem(
          what,
          positional.isEmpty
            ? "is required: \(subcommand == .sample ? "a scene file, or - for standard input" : "a timing function, e.g. easeIn")"
            : "takes one; got \(positional.count)"))
    }
    return .run(
      OfflineCommand(
        subcommand: subcommand, format: format,
        input: subcommand == .sample ? positional[0] : nil,
        function: subcommand == .curve ? positional[0] : nil,
        samples: subcommand == .curve ? (samples ?? defaultSamples) : nil, spring: nil,
        preset: nil, output: output))
  }

  /// `spring API NAME=VALUE …`: the API, then each parameter as a number (the service checks
  /// the names and ranges, as it would the request's).
  private static func springCommand(_ positional: [String], output: String?) -> Parsed {
    guard let api = positional.first else {
      return .invalid(usageProblem("API", "is required: a spring API, e.g. swiftUI"))
    }
    var names: [String] = []
    var values: [Double] = []
    for argument in positional.dropFirst() {
      guard let equals = argument.firstIndex(of: "="),
        let value = Double(argument[argument.index(after: equals)...]), value.isFinite
      else {
        return .invalid(
          usageProblem(argument, "must be NAME=VALUE with a finite number, e.g. response=0.5"))
      }
      names.append(String(argument[..<equals]))
      values.append(value)
    }
    return .run(
      OfflineCommand(
        subcommand: .spring, format: .json, input: nil, function: nil, samples: nil,
        spring: SpringArguments(api: api, names: names, values: values), preset: nil,
        output: output))
  }

  /// The request the HTTP API would be sent; `body` is the scene for `sample`.
  public func request(body: [UInt8]) -> HTTPRequest {
    var fields = HTTPFields([
      (HTTPField.Name.host, "localhost"), (HTTPField.Name.requestID, Self.requestID),
    ])
    switch subcommand {
    case .sample:
      fields.append(HTTPField.Name.contentType, "application/json")
      fields.append(HTTPField.Name.contentLength, String(body.count))
      return HTTPRequest(
        method: .post, target: "/v1/timelines?format=" + format.rawValue, headers: fields,
        body: body)
    case .curve:
      let name = Self.percentEncoded(function ?? "")
      switch format {
      case .svg:
        return HTTPRequest(
          method: .get, target: "/v1/timing-functions/\(name).svg", headers: fields)
      case .css, .waapi, .lottie:
        return HTTPRequest(
          method: .get, target: "/v1/timing-functions/\(name)?format=\(format.rawValue)",
          headers: fields)
      case .json, .csv:
        fields.append(HTTPField.Name.accept, HTTPResponse.jsonType)
        return HTTPRequest(
          method: .get,
          target: "/v1/timing-functions/\(name)?samples=\(samples ?? Self.defaultSamples)",
          headers: fields)
      }
    case .spring:
      let body = springBody()
      fields.append(HTTPField.Name.contentType, "application/json")
      fields.append(HTTPField.Name.contentLength, String(body.count))
      return HTTPRequest(method: .post, target: "/v1/springs", headers: fields, body: body)
    case .presets:
      let arguments = preset ?? PresetArguments(type: nil, names: [], values: [])
      guard let type = arguments.type else {
        return HTTPRequest(method: .get, target: "/v1/presets", headers: fields)
      }
      let query = zip(arguments.names, arguments.values).map {
        Self.percentEncoded($0) + "=" + Self.percentEncoded($1)
      }
      return HTTPRequest(
        method: .get,
        target: "/v1/presets/\(Self.percentEncoded(type))"
          + (query.isEmpty ? "" : "?" + query.joined(separator: "&")),
        headers: fields)
    }
  }

  /// `presets TYPE`'s options, `--NAME VALUE` each: `GET /v1/presets/{type}`'s query parameters
  /// but `format` (`--format`, checked here as every command's is) and `pretty` (a JSON layout
  /// for reading, which a file for a pipeline does not need).
  static var presetOptions: [String] {
    PresetRequest.Parameter.allCases.map(\.rawValue)
      + ExportBounds.Parameter.allCases.map(\.rawValue)
  }

  /// `{"API": {"NAME": VALUE, …}, "distance": D}`.
  private func springBody() -> [UInt8] {
    let arguments = spring ?? SpringArguments(api: "", names: [], values: [])
    let members = zip(arguments.names, arguments.values)
    var w = JSONWriter()
    w.beginObject()
    w.key(arguments.api)
    w.beginObject()
    for (name, value) in members where name != GivenSpring.Member.distance.rawValue {
      w.key(name)
      w.number(value)
    }
    w.endObject()
    for (name, value) in members where name == GivenSpring.Member.distance.rawValue {
      w.key(name)
      w.number(value)
    }
    w.endObject()
    return w.take()
  }

  /// Runs the command in `service`: the answer's bytes and status 0, or its problem and 2.
  public func run(body: [UInt8], in service: TimingService) -> Outcome {
    let response = service.handle(request(body: body))
    let bytes = response.stream?.collect() ?? response.body
    guard (200..<300).contains(response.status.code) else {
      return Outcome(bytes: bytes, status: 2)
    }
    switch (subcommand, format) {
    case (.curve, .csv): return Outcome(bytes: Self.pointsCSV(bytes), status: 0)
    case (.curve, .json), (.curve, .svg), (.curve, .css), (.curve, .waapi), (.curve, .lottie),
      (.sample, _), (.spring, _), (.presets, _):
      return Outcome(bytes: bytes, status: 0)
    }
  }

  /// The request id the in-process requests carry, so a problem's `instance` is the same on
  /// every run (the server would draw a random one).
  public static let requestID = "animation-timing-cli"

  /// A problem+json for something outside the arguments (an unreadable input file), exit 2.
  public static func problem(parameter: String, _ message: String) -> [UInt8] {
    usageProblem(parameter, message)
  }

  private static func usageProblem(_ parameter: String, _ message: String) -> [UInt8] {
    var problem = Problem.invalidRequest([.parameter(parameter, message)])
    problem.instance = requestID
    return problem.response.body
  }

  /// The points of a curve's JSON answer as CSV, `x,y` a row, the numbers as the JSON wrote
  /// them (shortest round-trip text).
  static func pointsCSV(_ json: [UInt8]) -> [UInt8] {
    let out = ByteBuffer(capacity: json.count)
    out.append("x,y\r\n")
    guard let value = try? JSONParser.parse(json),
      case .array(let points)? = value[PointsRequest.AnswerMember.points]
    else { return out.bytes }
    for point in points {
      guard case .number(let x)? = point[PointsRequest.PointMember.x],
        case .number(let y)? = point[PointsRequest.PointMember.y]
      else { continue }
      ShortestDecimal.append(x, to: out)
      out.append(UInt8(ascii: ","))
      ShortestDecimal.append(y, to: out)
      out.append([0x0D, 0x0A])
    }
    return out.bytes
  }

  /// A function's text as one path segment: CSS forms hold spaces, `%` and `,`.
  static func percentEncoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "("), UInt8(ascii: ")"),
        UInt8(ascii: ","):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF".utf8)
        out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
      }
    }
    return out
  }
}
