import Foundation
import TestSupport

/// Reading API answers, from either harness, with Foundation's JSONSerialization: independent of
/// the service's own JSON code.
extension RawClient.Response {
  var json: [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]))
      as? [String: Any] ?? [:]
  }

  /// The `points` array as (x, y, slope) triples.
  var points: [(x: Double, y: Double, slope: Double?)] {
    (json["points"] as? [[String: Any]] ?? []).map {
      (
        ($0["x"] as? NSNumber)!.doubleValue, ($0["y"] as? NSNumber)!.doubleValue,
        ($0["slope"] as? NSNumber)?.doubleValue
      )
    }
  }

  var problemType: String? {
    (json["type"] as? String).map {
      String($0.dropFirst("https://animation-timing.dev/problems/".count))
    }
  }

  var errorPointers: [String] {
    (json["errors"] as? [[String: Any]] ?? []).compactMap { $0["pointer"] as? String }
  }
  var errorParameters: [String] {
    (json["errors"] as? [[String: Any]] ?? []).compactMap { $0["parameter"] as? String }
  }
}

extension RawClient.Response {
  /// (pointer, message) of each error in a problem.
  var errors: [(pointer: String, message: String)] {
    (json["errors"] as? [[String: Any]] ?? []).map {
      ($0["pointer"] as? String ?? "", $0["message"] as? String ?? "")
    }
  }
}
