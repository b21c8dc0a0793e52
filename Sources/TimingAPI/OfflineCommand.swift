import HTTPTransport
import TimingEngine

/// `animation-timing sample …`, `curve …`, `spring …`, `presets …` and `tokens …`: the
/// service's answers without a server, for build pipelines (README "Without a server"). Each
/// command is turned into the
/// HTTP request that asks the same thing and handed to `TimingService.handle` in process, so
/// its output, validation and limits are the HTTP API's byte for byte — nothing is computed or
/// checked a second way. The executable only reads the input and writes the answer.
public struct OfflineCommand: Sendable, Equatable {
  public enum Subcommand: String, CaseIterable, Sendable {
    case sample
    case curve
    case spring
    case presets
    case tokens
    case batch
    case fit
    case lottie
    case diff
  }

  /// What `lottie` does with the file: the Lottie routes by their last path segment.
  public enum LottieAction: String, CaseIterable, Sendable {
    case timeline, lint, export
  }

  public let subcommand: Subcommand
  /// `--format`: what the service is asked for, one of the service's representations. `sample`
  /// passes it as `?format=`; for `curve`, `css` is the function's CSS easing, `csv` its points
  /// as rows, and a representation the curve route does not serve is refused by the service as
  /// it would refuse the request.
  public let format: Representation
  /// `sample`: the scene file; `tokens`: the token document; `-` for standard input.
  public let input: String?
  /// `curve`: the function, by name or CSS text; `fit`: the curve; `lottie`: the action
  /// (`LottieAction`).
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
  /// `presets`: the preset's type; nil lists them (`GET /v1/presets`).
  public let presetType: String?
  /// `presets TYPE` and `tokens`: the options that are the route's query parameters
  /// (`queryOptions`), as given (`--duration 1` is `duration=1`) and in order, with `--format`'s
  /// `format` last; the service checks names and values, as it checks the query's.
  public let query: QueryArguments

  public struct QueryArguments: Sendable, Equatable {
    public var names: [String] = []
    public var values: [String] = []
  }
  /// `-o`: where the answer goes; standard output when nil.
  public let output: String?
  /// `diff`: the second file (`input` is the first); the body is `{"a": …, "b": …}` of the two.
  public var secondInput: String? = nil

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
    /// An answer to write — status 0, or `diff`'s 1 (the two differ) — not a problem (2).
    public var answered: Bool { status != 2 }
  }

  /// The samples `curve` gives without `--samples`: 0, 0.01, … 1.
  public static let defaultSamples = 101

  public static func isSubcommand(_ argument: String) -> Bool {
    Subcommand(rawValue: argument) != nil
  }

  public static var usage: String {
    let formats = TimelineRoutes.offer.named.map(\.rawValue).joined(separator: "|")
    let tokenFormats = TokenRoutes.offer.named.map(\.representation.rawValue).joined(
      separator: "|")
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
        animation-timing tokens FILE [--NAME V …] [--format \(tokenFormats)] [-o FILE]
            POST /v1/tokens?NAME=V&… with the token document (- reads standard input): each
            motion token compiled, or one file: the style sheet of custom properties (css), a
            DTCG document, Swift, Kotlin or TypeScript source,
            e.g. tokens motion.tokens.json --format css -o motion.css;
            NAME: \(TokenRoutes.Parameter.allCases.map(\.rawValue).joined(separator: ", "))
        animation-timing fit [CURVE] [--models M,… --duration S --from V --to V --noise N
            --quantization Q --printer motion|decimals] [-o FILE]
            POST /v1/fit: which spring (or cubic Bézier, or named curve) a motion is — CURVE a
            linear() or any easing, else samples on standard input as CSV (t,v a line) or JSON
            ([[t, v], …] or the route's body), e.g. fit 'linear(0, 0.2 10%, …)' --duration 0.5
        animation-timing batch [FILE] [-o FILE]
            POST /v1/batch with the NDJSON file (standard input without FILE, or -): each
            line a request, each answered as a line, e.g. batch < in.ndjson > out.ndjson;
            every line runs (the server's batch time, from its drain timeout, does not apply)
        animation-timing lottie timeline FILE [--frames A..B --fps N --times T,…]
            [--format json|csv] [-o FILE]
            POST /v1/lottie/timeline with the Lottie file (- reads standard input): each layer's
            world transform, opacity, visibility and colours at the frames (the file's ip to op
            at its own rate without them), e.g. lottie timeline anim.json --frames 0..30
        animation-timing lottie lint FILE [--frames A..B --fps N --times T,… --fix true
            --players P,…] [-o FILE]
            POST /v1/lottie/lint: what each player shows differently from the timeline, rule
            by rule, or (--fix true) the file rewritten so that they agree
        animation-timing lottie export FILE [--format svg|css|waapi] [--maxError PX] [-o FILE]
            POST /v1/lottie/export: the file as SVG whose motion is CSS keyframes (plays in a
            browser with no script), or the style sheet alone, e.g.
            lottie export anim.json -o anim.svg
        animation-timing diff A B [--fps N --times T,… --tolerance PX --opacityTolerance V]
            [-o FILE]
            POST /v1/diff with {"a": A, "b": B}, each a Lottie file or a scene (- reads one from
            standard input): the two compared as motion, layer by layer, e.g.
            diff before.json after.json --tolerance 0.5
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
    var query = QueryArguments()
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
      case _
      where name.hasPrefix("--") && queryOptions(subcommand).contains(String(name.dropFirst(2))):
        // The route's parameters go to the query as given: the service checks the value and
        // its range and names the parameter, as it would for the HTTP request.
        guard let text = value() else {
          return .invalid(usageProblem(name, "needs a value, e.g. \(name) 1"))
        }
        query.names.append(String(name.dropFirst(2)))
        query.values.append(text)
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
        return .invalid(
          usageProblem(positionalArgument(.presets).name, "takes one; got \(positional.count)"))
      }
      if positional.isEmpty, let first = query.names.first {
        return .invalid(
          usageProblem("--" + first, "is an option of presets TYPE (one preset), not of the list"))
      }
      if positional.isEmpty, formatGiven {
        return .invalid(
          usageProblem("--format", "is an option of presets TYPE; the list is JSON"))
      }
      if formatGiven {
        query.names.append(Representation.Parameter.format.rawValue)
        query.values.append(format.rawValue)
      }
      return .run(
        OfflineCommand(
          subcommand: .presets, format: format, input: nil, function: nil, samples: nil,
          spring: nil, presetType: positional.first, query: query, output: output))
    }
    if subcommand == .fit {
      if formatGiven {
        return .invalid(usageProblem("--format", "is not an option of fit, which answers JSON"))
      }
      guard positional.count <= 1 else {
        return .invalid(
          usageProblem(positionalArgument(.fit).name, "takes one; got \(positional.count)"))
      }
      return .run(
        OfflineCommand(
          subcommand: .fit, format: format, input: positional.isEmpty ? "-" : nil,
          function: positional.first, samples: nil, spring: nil, presetType: nil, query: query,
          output: output))
    }
    if subcommand == .lottie {
      guard let action = positional.first else {
        return .invalid(
          usageProblem(
            "ACTION",
            "is required: \(LottieAction.allCases.map(\.rawValue).joined(separator: ", "))"))
      }
      guard LottieAction(rawValue: action) != nil else {
        return .invalid(
          usageProblem(
            "ACTION",
            "must be one of \(LottieAction.allCases.map(\.rawValue).joined(separator: ", ")); got \(action)"
          ))
      }
      guard positional.count == 2 else {
        let (name, what) = positionalArgument(.lottie)
        return .invalid(
          usageProblem(
            name,
            positional.count < 2 ? "is required: \(what)" : "takes one; got \(positional.count - 1)"
          ))
      }
      if formatGiven {
        query.names.append(Representation.Parameter.format.rawValue)
        query.values.append(format.rawValue)
      }
      return .run(
        OfflineCommand(
          subcommand: .lottie, format: format, input: positional[1], function: action,
          samples: nil, spring: nil, presetType: nil, query: query, output: output))
    }
    if subcommand == .diff {
      if formatGiven {
        return .invalid(usageProblem("--format", "is not an option of diff, which answers JSON"))
      }
      guard positional.count == 2 else {
        return .invalid(
          usageProblem(
            positional.isEmpty ? "A" : "B",
            positional.count < 2
              ? "is required: \(positionalArgument(.diff).is)"
              : "diff takes two files; got \(positional.count)"))
      }
      guard positional[0] != "-" || positional[1] != "-" else {
        return .invalid(
          usageProblem("B", "standard input is read once: at most one of A and B can be -"))
      }
      var command = OfflineCommand(
        subcommand: .diff, format: format, input: positional[0], function: nil, samples: nil,
        spring: nil, presetType: nil, query: query, output: output)
      command.secondInput = positional[1]
      return .run(command)
    }
    if subcommand == .batch {
      if formatGiven {
        return .invalid(usageProblem("--format", "is not an option of batch, which answers NDJSON"))
      }
      guard positional.count <= 1 else {
        return .invalid(
          usageProblem(positionalArgument(.batch).name, "takes one; got \(positional.count)"))
      }
      return .run(
        OfflineCommand(
          subcommand: .batch, format: format, input: positional.first ?? "-", function: nil,
          samples: nil, spring: nil, presetType: nil, query: query, output: output))
    }
    let (what, needed) = positionalArgument(subcommand)
    guard positional.count == 1 else {
      return .invalid(
        usageProblem(
          what,
          positional.isEmpty ? "is required: \(needed)" : "takes one; got \(positional.count)"))
    }
    if subcommand == .tokens, formatGiven {
      query.names.append(Representation.Parameter.format.rawValue)
      query.values.append(format.rawValue)
    }
    return .run(
      OfflineCommand(
        subcommand: subcommand, format: format,
        input: subcommand == .curve ? nil : positional[0],
        function: subcommand == .curve ? positional[0] : nil,
        samples: subcommand == .curve ? (samples ?? defaultSamples) : nil, spring: nil,
        presetType: nil, query: query, output: output))
  }

  /// The name usage errors give the command's one positional argument, and what it is.
  public static func positionalArgument(_ subcommand: Subcommand) -> (name: String, is: String) {
    switch subcommand {
    case .sample: ("SCENE", "a scene file, or - for standard input")
    case .tokens: ("FILE", "a token document, or - for standard input")
    case .batch: ("FILE", "an NDJSON file of requests, or - for standard input")
    case .fit: ("CURVE", "a linear() or any easing; without it, samples on standard input")
    case .lottie: ("FILE", "a Lottie file, or - for standard input")
    case .diff: ("A", "a Lottie file or a scene, or - for standard input")
    case .curve: ("FUNCTION", "a timing function, e.g. easeIn")
    case .spring: ("API", "a spring API, e.g. swiftUI")
    case .presets: ("TYPE", "a preset's type, e.g. pop")
    }
  }

  /// `spring API NAME=VALUE …`: the API, then each parameter as a number (the service checks
  /// the names and ranges, as it would the request's).
  private static func springCommand(_ positional: [String], output: String?) -> Parsed {
    guard let api = positional.first else {
      let (name, what) = positionalArgument(.spring)
      return .invalid(usageProblem(name, "is required: \(what)"))
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
        spring: SpringArguments(api: api, names: names, values: values), presetType: nil,
        query: QueryArguments(), output: output))
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
      // A token file is no curve's: the service's 422 names the formats a curve has.
      case .css, .waapi, .lottie, .dtcg, .swift, .kotlin, .ts:
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
      guard let type = presetType else {
        return HTTPRequest(method: .get, target: "/v1/presets", headers: fields)
      }
      return HTTPRequest(
        method: .get, target: "/v1/presets/\(Self.percentEncoded(type))" + queryText,
        headers: fields)
    case .tokens:
      fields.append(HTTPField.Name.contentType, "application/json")
      fields.append(HTTPField.Name.contentLength, String(body.count))
      return HTTPRequest(
        method: .post, target: "/v1/tokens" + queryText, headers: fields, body: body)
    case .batch:
      fields.append(HTTPField.Name.contentType, BatchRoutes.mediaType)
      fields.append(HTTPField.Name.contentLength, String(body.count))
      return HTTPRequest(method: .post, target: BatchRoutes.path, headers: fields, body: body)
    case .lottie:
      fields.append(HTTPField.Name.contentType, "application/json")
      fields.append(HTTPField.Name.contentLength, String(body.count))
      return HTTPRequest(
        method: .post, target: "/v1/lottie/\(function ?? "")" + queryText, headers: fields,
        body: body)
    case .diff:
      fields.append(HTTPField.Name.contentType, "application/json")
      fields.append(HTTPField.Name.contentLength, String(body.count))
      return HTTPRequest(
        method: .post, target: DiffRoutes.path + queryText, headers: fields, body: body)
    case .fit:
      let json = fitBody(samples: body)
      fields.append(HTTPField.Name.contentType, "application/json")
      fields.append(HTTPField.Name.contentLength, String(json.count))
      let models = zip(query.names, query.values).filter {
        $0.0 == FitRoutes.Parameter.models.rawValue
      }
      let text =
        models.map {
          "?" + Self.percentEncoded($0.0) + "=" + Self.percentEncoded($0.1)
        }.first ?? ""
      return HTTPRequest(method: .post, target: "/v1/fit" + text, headers: fields, body: json)
    }
  }

  /// `POST /v1/fit`'s body: the curve with the options that are members (`--duration`,
  /// `--from`, …, each as given: the service checks it), or the samples read — JSON as it is
  /// (a body, or an array of pairs), else CSV of `t,v` lines (a header line and blank ones
  /// skipped) — with those options.
  func fitBody(samples input: [UInt8]) -> [UInt8] {
    var members: [String] = []
    for (name, value) in zip(query.names, query.values)
    where name != FitRoutes.Parameter.models.rawValue {
      // A number as the JSON text of one, or the text quoted (the service names the member).
      let isNumber =
        DecodingContext.number(
          value, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude) != nil
      members.append(JSONWriter.quoted(name) + ": " + (isNumber ? value : JSONWriter.quoted(value)))
    }
    if let curve = function {
      members.insert(
        JSONWriter.quoted(FitRequest.Member.curve.rawValue) + ": " + JSONWriter.quoted(curve), at: 0
      )
      return Array(("{" + members.joined(separator: ", ") + "}").utf8)
    }
    let text = String(decoding: input, as: UTF8.self)
    let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
    if trimmed.first == "{" && members.isEmpty { return input }
    var samples: String
    if trimmed.first == "[" {
      samples = String(trimmed)
    } else if trimmed.first == "{" {
      // A body with options beside: the options go in by name after its own members.
      let body = String(trimmed.reversed().drop { $0 != "}" }.reversed().dropLast())
      let open = body.trimmingCharacters(in: " \n\r\t").hasSuffix("{")
      return Array((body + (open ? "" : ", ") + members.joined(separator: ", ") + "}").utf8)
    } else {
      var rows: [String] = []
      for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
        let cells = line.split(separator: ",", omittingEmptySubsequences: false).map {
          $0.trimmingCharacters(in: " \t")
        }
        guard cells.count >= 2, DecodingContext.number(cells[0], in: -1e300...1e300) != nil else {
          continue  // a header or a blank line
        }
        rows.append("[" + cells[0] + ", " + cells[1] + "]")
      }
      samples = "[" + rows.joined(separator: ", ") + "]"
    }
    members.insert(JSONWriter.quoted(FitRequest.Member.samples.rawValue) + ": " + samples, at: 0)
    return Array(("{" + members.joined(separator: ", ") + "}").utf8)
  }

  /// `?NAME=VALUE&…` of the query options, percent-encoded; empty without any.
  private var queryText: String {
    let pairs = zip(query.names, query.values).map {
      Self.percentEncoded($0) + "=" + Self.percentEncoded($1)
    }
    return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
  }

  /// The options a command takes as `--NAME VALUE`, each one of its route's query parameters
  /// but `format` (`--format`, checked here as every command's is) and `pretty` (a JSON layout
  /// for reading, which a file for a pipeline does not need): `GET /v1/presets/{type}`'s and
  /// `POST /v1/tokens`'s.
  static func queryOptions(_ subcommand: Subcommand) -> [String] {
    switch subcommand {
    case .presets:
      PresetRequest.Parameter.allCases.map(\.rawValue)
        + ExportBounds.Parameter.allCases.map(\.rawValue)
    case .tokens: TokenRoutes.Parameter.allCases.map(\.rawValue)
    // `models` is the route's query; the others are members of its body.
    case .fit:
      [FitRoutes.Parameter.models.rawValue]
        + [FitRequest.Member.duration, .from, .to, .noise, .quantization, .printer].map(\.rawValue)
    case .lottie:
      LottieTimeline.Parameter.allCases.map(\.rawValue)
        + LottieRoutes.LintParameter.allCases.map(\.rawValue)
        + LottieRoutes.ExportParameter.allCases.map(\.rawValue)
    case .diff: DiffRoutes.Parameter.allCases.map(\.rawValue)
    case .sample, .curve, .spring, .batch: []
    }
  }

  /// `POST /v1/diff`'s body from the two files as read: `{"a": A, "b": B}` (each file's text as
  /// it is: the service parses it, and a malformed one's position is within this body).
  public static func diffBody(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    let key = { (member: DiffRoutes.Member) in Array("\"\(member.rawValue)\": ".utf8) }
    return [UInt8(ascii: "{")] + key(.a) + a + [UInt8(ascii: ","), UInt8(ascii: "\n")] + key(.b)
      + b + [UInt8(ascii: "}")]
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
      (.curve, .dtcg), (.curve, .swift), (.curve, .kotlin), (.curve, .ts),
      (.sample, _), (.spring, _), (.presets, _), (.tokens, _), (.batch, _), (.fit, _),
      (.lottie, _):
      return Outcome(bytes: bytes, status: 0)
    case (.diff, _):
      // As diff(1): 0 when nothing moved, 1 when something did (the answer says what), so a
      // CI step fails on a change without reading the JSON.
      let same = (try? JSONParser.parse(bytes))?[MotionDiff.Member.same] == .bool(true)
      return Outcome(bytes: bytes, status: same ? 0 : Self.differentStatus)
    }
  }

  /// `diff`'s exit status when the two differ (2 is every command's for an error).
  public static let differentStatus: Int32 = 1

  /// The service's configuration in process: the defaults, but a batch runs every line (the
  /// server's batch time is there for its drain, which a command does not have).
  public static var configuration: APIConfiguration {
    var configuration = APIConfiguration()
    configuration.batchSeconds = 1e9
    configuration.drainingBatchSeconds = 1e9
    return configuration
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
