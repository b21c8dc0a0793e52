/// What a resource answers in: `Representation` itself for a resource that serves every
/// representation, or the resource's own closed set of answers, each in one representation,
/// so that the resource's switch over what it serves is one the compiler checks.
protocol ServedRepresentation: Equatable, Sendable {
  var representation: Representation { get }
}

extension Representation: ServedRepresentation {
  var representation: Representation { self }
}
