import TimingEngine

/// `POST /v1/actions/resolve`'s answer (api.md "Actions", openapi.yaml `ActionResolveResponse`):
/// each key's lookup in the order asked, then the request's warnings — the same shape as a
/// timeline's: a key looked up as a custom key that is likely a misspelt property (`opacty`).
struct ActionResults {
  enum Member: String, WireMember {
    case results
  }

  /// Each key as asked, and its lookup.
  let results: [(key: String, resolution: ActionSearch.Resolution)]
  let warnings: [SceneWarning]

  func write(to w: inout JSONWriter) {
    w.beginObject()
    w.key(Member.results)
    w.beginArray()
    for (key, resolution) in results {
      w.beginObject()
      resolution.writeMembers(key: key, to: &w)
      w.endObject()
    }
    w.endArray()
    w.key(SceneWarning.ListMember.warnings)
    SceneWarning.write(warnings, to: &w)
    w.endObject()
  }
}
