/// One spring as one API states it: the API and its parameters' values, in `api.parameters`
/// order (docs/springs.md).
public struct PlatformSpring: Sendable, Equatable {
  public let api: SpringAPI
  /// In `api.parameters` order.
  let values: [Double]

  /// The API's parameters by name: every one it has and no other (a programming error else,
  /// which every API's conversion test meets). By name, not in the API's order: eight
  /// positional lists, checked only by their count, could swap two parameters unseen.
  public init(api: SpringAPI, _ named: [SpringParameter: Double]) {
    let order = api.parameters.map(\.parameter)
    precondition(
      named.count == order.count && order.allSatisfy { named[$0] != nil },
      "\(api) takes \(order.map(\.rawValue)), not \(named.keys.map(\.rawValue))")
    self.api = api
    self.values = order.map { named[$0]! }
  }

  /// The value of one of the API's parameters; a parameter the API does not have is a
  /// programming error.
  public subscript(_ parameter: SpringParameter) -> Double {
    guard let index = api.parameters.firstIndex(where: { $0.parameter == parameter }) else {
      preconditionFailure("\(api) has no \(parameter)")
    }
    return values[index]
  }

  /// The parameters by name, in the API's order.
  public var named: [(SpringParameter, Double)] {
    zip(api.parameters, values).map { ($0.parameter, $1) }
  }
}
