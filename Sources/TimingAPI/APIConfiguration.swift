/// What the API layer can be told from the command line (DESIGN.md "Configuration").
public struct APIConfiguration: Sendable {
  /// Origins allowed to call from a browser; `["*"]` allows any (the API carries no
  /// credentials, so that is the default).
  public var corsOrigins: [String] = ["*"]
  /// Most points one timing-function request may evaluate.
  public var maxPointsPerRequest = 10_000

  public init() {}

  var allowsAnyOrigin: Bool { corsOrigins.contains("*") }
}
