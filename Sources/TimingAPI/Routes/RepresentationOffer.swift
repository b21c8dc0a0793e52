import HTTPTransport

/// The representations one resource serves: those `?format=` may name and those `Accept`
/// chooses among, each in the resource's order of preference (its first wins an `Accept` tie,
/// so `*/*` gets it). The choice is made once, here, for every resource: `?format=` wins over
/// `Accept`; an unknown or unserved `?format=` is a 422 naming `format` and listing exactly
/// what this resource serves, and an `Accept` that allows none of `negotiated` a 406.
struct RepresentationOffer<Served: ServedRepresentation>: Sendable {
  /// What `?format=` may name.
  let named: [Served]
  /// What `Accept` chooses among (their media types, made once).
  let negotiated: [Served]
  let negotiatedTypes: [String]
  /// What an absent `?format=` means, when `Accept` does not decide it (said in the 422).
  let absentMeaning: String?

  init(named: [Served], negotiated: [Served], absentMeaning: String? = nil) {
    self.named = named
    self.negotiated = negotiated
    self.negotiatedTypes = negotiated.map(\.representation.mediaType)
    self.absentMeaning = absentMeaning
  }

  /// A resource that serves the same representations by name and by `Accept`.
  init(_ served: [Served]) {
    self.init(named: served, negotiated: served)
  }

  /// `?format=`'s representation, nil when absent; an unserved one is recorded in `problems`
  /// and answers nil too.
  func named(in query: QueryString, problems: inout DecodingContext) -> Served? {
    guard let text = query.first(Representation.Parameter.format) else { return nil }
    guard let chosen = named.first(where: { $0.representation.rawValue == text }) else {
      problems.fail(
        parameter: Representation.Parameter.format,
        "must be " + named.map(\.representation.rawValue).joined(separator: " or ")
          + (absentMeaning.map { " (or absent, for \($0))" } ?? ""))
      return nil
    }
    return chosen
  }

  /// The representation `Accept` chooses, or a 406 listing the media types offered.
  func negotiated(_ context: RequestContext) throws(Problem) -> Served {
    let chosen = try context.negotiate(negotiatedTypes)
    // `negotiate` answers one of the offered types, so the search always finds it.
    return negotiated.first { $0.representation.mediaType == chosen } ?? negotiated[0]
  }

  /// The representation the request asks for: `?format=` when given, else `Accept`.
  func requested(_ context: RequestContext) throws(Problem) -> Served {
    var problems = DecodingContext.query()
    let named = named(in: context.query, problems: &problems)
    try problems.throwIfFailed()
    if let named { return named }
    return try negotiated(context)
  }
}
