import HTTPTransport

/// One form an answer can take, named as `?format=` names it and as `Accept` names it by its
/// media type (api.md "Timelines"): the one list of output formats. A resource serves a subset
/// (`RepresentationOffer`); a new format is a new case here, and every switch over this enum —
/// the routes' answers, the command line's `--format` — is then a place the compiler points to.
public enum Representation: String, CaseIterable, Sendable {
  /// Samples (or a resource's own JSON document).
  case json
  /// Samples as one row a time (RFC 4180).
  case csv
  /// A plot.
  case svg
  /// Web Animations keyframes (docs/export.md).
  case waapi
  /// A style sheet: `@keyframes` and the rules that play them (docs/export.md).
  case css
  /// A Lottie document: shape layers with keyframes the Lottie players play (docs/export.md
  /// "Lottie").
  case lottie
  /// A DTCG 2025.10 token document (docs/tokens.md "DTCG").
  case dtcg
  /// Swift source: SwiftUI and Core Animation values (docs/tokens.md "Source").
  case swift
  /// Kotlin source: Jetpack Compose animation specs.
  case kotlin
  /// TypeScript source: Motion and react-spring options, CSS strings.
  case ts

  /// The query parameter that names a representation.
  enum Parameter: String, WireMember {
    case format
  }

  /// How an answer in this representation is made from a timeline.
  enum Encoding {
    /// Samples, streamed when large (`TimelineStream`).
    case samples(TimelineStream.Format)
    /// A plot (`TimelinePlot`), drawn whole.
    case plot
    /// An export a player plays (`ExportFormat`: Web Animations, CSS, Lottie), made from the
    /// timeline's exported columns.
    case export(ExportFormat)
    /// A token file (`POST /v1/tokens`), not made from a timeline.
    case tokenFile
  }

  var encoding: Encoding {
    switch self {
    case .json: .samples(.json)
    case .csv: .samples(.csv)
    case .svg: .plot
    case .waapi: .export(.webAnimations)
    case .css: .export(.styleSheet)
    case .lottie: .export(.lottie)
    case .dtcg, .swift, .kotlin, .ts: .tokenFile
    }
  }

  /// The media type `Accept` names it by.
  var mediaType: String {
    switch self {
    case .json: HTTPResponse.jsonType
    case .csv: "text/csv"
    case .svg: HTTPResponse.svgType
    case .waapi: "application/vnd.waapi+json"
    case .css: "text/css"
    // Registered with IANA by the Lottie Animation Community (2025).
    case .lottie: "video/lottie+json"
    // The media type the DTCG format names for token files (2025.10 §"File format").
    case .dtcg: "application/design-tokens+json"
    case .swift: "text/x-swift"
    case .kotlin: "text/x-kotlin"
    case .ts: "application/typescript"
    }
  }

  /// The answer's `Content-Type`: text says its charset, and CSV that it has a header row
  /// (RFC 4180 §3).
  var contentType: String {
    switch self {
    case .json, .svg, .waapi, .lottie, .dtcg: mediaType
    case .csv: "text/csv; charset=utf-8; header=present"
    case .css, .swift, .kotlin, .ts: mediaType + "; charset=utf-8"
    }
  }

  /// What its text is, for what `?pretty` and `?precision` do to it.
  var text: AnswerText {
    switch self {
    case .json: .json
    case .waapi, .lottie, .dtcg: .jsonDocument
    case .csv, .svg, .css, .swift, .kotlin, .ts: .other
    }
  }
}

extension ExportFormat {
  /// The representation that serves this format: the one place the two are paired (the
  /// inverse of `Representation.encoding`).
  var representation: Representation {
    switch self {
    case .webAnimations: .waapi
    case .styleSheet: .css
    case .lottie: .lottie
    }
  }
}
