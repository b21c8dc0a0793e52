import Foundation
import Testing

@testable import TimingAPI
@testable import TimingEngine

/// openapi.yaml's `PlatformSpring` schema against the code's `SpringAPI`: the same APIs (and
/// aliases), each with the same parameters, defaults and accepted ranges. Both are written by
/// hand; nothing else would notice one changing without the other.
@Suite struct SpringContractTests {
  /// One API's parameters as the contract states them: name → (minimum, maximum, default).
  typealias Stated = [String: (minimum: Double, maximum: Double, default: Double?)]

  /// The members of `PlatformSpring`'s `properties` that are objects (the APIs), each with its
  /// own `properties` lines, read from the YAML's layout: an API at 8 spaces, its parameters at
  /// 12, one flow mapping each (`mass: {type: number, minimum: …, maximum: …, default: …}`).
  static func contract() -> [String: Stated] {
    let text = String(decoding: OpenAPIDocument.bytes, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(of: "    PlatformSpring:") else { return [:] }
    var apis: [String: Stated] = [:]
    var current: String?
    for line in lines[(start + 1)...] {
      if line.hasPrefix("    ") && !line.hasPrefix("     ") { break }  // the next schema
      if line.hasPrefix("        ") && !line.hasPrefix("         ") && line.hasSuffix(":") {
        current = String(line.dropFirst(8).dropLast())
        apis[current!] = [:]
      } else if let api = current, line.hasPrefix("            "),
        !line.hasPrefix("             "), let colon = line.firstIndex(of: ":")
      {
        let name = line[line.index(line.startIndex, offsetBy: 12)..<colon]
        func number(_ key: String) -> Double? {
          guard let range = line.range(of: key + ": ") else { return nil }
          let rest = line[range.upperBound...]
          return Double(rest.prefix { !",}".contains($0) })
        }
        guard let minimum = number("minimum"), let maximum = number("maximum") else { continue }
        apis[api]![String(name)] = (minimum, maximum, number("default"))
      }
    }
    return apis
  }

  @Test func everyAPIAndAliasIsInTheContract() {
    let stated = Set(Self.contract().keys)
    let code = Set(SpringAPI.allCases.map(\.rawValue) + SpringAPIAlias.allCases.map(\.rawValue))
    #expect(
      stated == code,
      "contract only: \(stated.subtracting(code)); code only: \(code.subtracting(stated))")
  }

  @Test(arguments: SpringAPI.allCases)
  func parametersDefaultsAndRangesAgree(api: SpringAPI) throws {
    let stated = try #require(Self.contract()[api.rawValue])
    #expect(Set(stated.keys) == Set(api.parameters.map(\.parameter.rawValue)))
    for (parameter, apiDefault, range) in api.parameters {
      let row = try #require(stated[parameter.rawValue], "\(api).\(parameter)")
      #expect(row.minimum == range.lowerBound, "\(api).\(parameter) minimum")
      #expect(row.maximum == range.upperBound, "\(api).\(parameter) maximum")
      #expect(row.default == apiDefault, "\(api).\(parameter) default")
    }
  }

  /// The enum lists of the answer (`given`, the forms' `required`) name every API in the
  /// code's order.
  @Test func theAnswersListsNameEveryAPI() {
    let text = String(decoding: OpenAPIDocument.bytes, as: UTF8.self)
    let list = "[" + SpringAPI.allCases.map(\.rawValue).joined(separator: ", ") + "]"
    #expect(text.contains("given: {type: string, enum: \(list)}"))
    #expect(text.contains("required: \(list)"))
  }
}
