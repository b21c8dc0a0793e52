import HTTPTransport

/// What `POST /v1/timelines` answers in, spelled as `?format=` names it (api.md "Timelines"):
/// `?format=` wins over `Accept`, which chooses among the media types in this order — JSON
/// first on a tie, so `*/*` stays JSON. One enum for all five, so that a request's format is
/// read once and a bad `?format=` names every one.
enum TimelineFormat: String, CaseIterable {
  case json
  case csv
  case svg
  case waapi
  case css

  /// How the answer is made.
  enum Answer {
    /// Samples, streamed when large (`TimelineStream`).
    case samples(TimelineStream.Format)
    /// A plot (`TimelinePlot`), drawn whole.
    case plot
    /// Keyframes a browser plays (`TimelineExportRoute`).
    case export(TimelineExportRoute.Format)
  }

  var answer: Answer {
    switch self {
    case .json: .samples(.json)
    case .csv: .samples(.csv)
    case .svg: .plot
    case .waapi: .export(.waapi)
    case .css: .export(.css)
    }
  }

  /// The media type `Accept` names it by.
  var mediaType: String {
    switch answer {
    case .samples(let format): format.mediaType
    case .plot: HTTPResponse.svgType
    case .export(let format): format.mediaType
    }
  }

  /// The format the request asks for: a 422 naming `format` for an unknown one, a 406 when
  /// `Accept` allows none.
  /// Every format's media type, in order of preference, for content negotiation (made once).
  static let offered = allCases.map(\.mediaType)

  static func requested(_ context: RequestContext) throws(Problem) -> TimelineFormat {
    if context.query.first("format") != nil {
      var problems = DecodingContext.query()
      let format = problems.choice(parameter: "format", in: context.query, TimelineFormat.self)
      try problems.throwIfFailed()
      if let format { return format }
    }
    let chosen = try context.negotiate(offered)
    // `negotiate` answers one of the offered types.
    return allCases.first { $0.mediaType == chosen } ?? .json
  }
}
