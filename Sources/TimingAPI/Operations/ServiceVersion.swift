/// The service's version: the contract's `info.version`, read from the OpenAPI document the
/// binary embeds, so that `--version`, the contract and the streamed answers' entity tags (which
/// hash the document) cannot disagree.
public enum ServiceVersion {
  public static let current: String = {
    // The document's second-level `version:` under `info:` (openapi.yaml line 4 today); the
    // first such line, since `info` comes first in the file.
    let text = String(decoding: OpenAPIDocument.bytes, as: UTF8.self)
    for line in text.split(separator: "\n", maxSplits: 20) where line.hasPrefix("  version: ") {
      return String(line.dropFirst("  version: ".count))
    }
    return "unknown"
  }()
}
