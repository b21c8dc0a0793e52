/// The Content-Security-Policy (CSP Level 3) of a page whose only code and style are its own
/// inline `<script>` and `<style>` blocks — the playground at `GET /`. Each block is allowed by
/// its SHA-256 hash, worked out from the page the binary carries, so the policy always matches
/// the page without a build step, and nothing else may run: no other inline script (an injected
/// one has another hash), no event-handler attribute, no `style` attribute, no `eval`. The page
/// may talk only to its own origin, show images only from `blob:` (its plot) and `data:` (an
/// empty icon, so the browser asks for no favicon), and load nothing else.
enum ContentSecurityPolicy {
  static func forInlineBlocks(of page: [UInt8]) -> String {
    let scripts = blocks("script", in: page).map(hashSource)
    let styles = blocks("style", in: page).map(hashSource)
    return [
      "default-src 'none'",
      "script-src " + (scripts.isEmpty ? "'none'" : scripts.joined(separator: " ")),
      "style-src " + (styles.isEmpty ? "'none'" : styles.joined(separator: " ")),
      "connect-src 'self'",
      "img-src blob: data:",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].joined(separator: "; ")
  }

  /// The text of each `<name>…</name>` block, exactly as the browser hashes it: everything
  /// between the opening tag's `>` and the closing tag. Only attribute-less opening tags count
  /// (the page has no others, and `<script src=…>` would not be inline anyway).
  static func blocks(_ name: String, in page: [UInt8]) -> [ArraySlice<UInt8>] {
    let open = Array("<\(name)>".utf8)
    let close = Array("</\(name)>".utf8)
    var found: [ArraySlice<UInt8>] = []
    var at = 0
    while let start = page[at...].firstRange(of: open)?.lowerBound {
      let body = start + open.count
      guard let end = page[body...].firstRange(of: close)?.lowerBound else { break }
      found.append(page[body..<end])
      at = end + close.count
    }
    return found
  }

  /// `'sha256-<base64 of the digest>'` (CSP Level 3 §2.3.1).
  static func hashSource(_ block: ArraySlice<UInt8>) -> String {
    "'sha256-" + base64(SHA256.digest(block)) + "'"
  }

  /// Base64 with padding (RFC 4648 §4), as CSP's hash sources are written.
  static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    for chunk in stride(from: 0, to: bytes.count, by: 3) {
      let n = min(3, bytes.count - chunk)
      var word = UInt32(bytes[chunk]) << 16
      if n > 1 { word |= UInt32(bytes[chunk + 1]) << 8 }
      if n > 2 { word |= UInt32(bytes[chunk + 2]) }
      for i in 0..<4 {
        out.append(i <= n ? alphabet[Int(word >> UInt32(18 - 6 * i) & 0x3F)] : UInt8(ascii: "="))
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
