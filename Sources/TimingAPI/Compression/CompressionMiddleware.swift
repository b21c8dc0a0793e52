import HTTPTransport

/// gzip or deflate for answers worth it (api.md "Compression"), chosen by the request's
/// `Accept-Encoding`: held bodies compressed whole, streamed ones piece by piece as the client
/// takes them, with the same bounded memory as before plus zlib's 262 KiB.
///
/// Inside `EntityTagMiddleware`, so the tag it checks `If-None-Match` against is the one of the
/// representation sent: a coded answer is tagged `W/"…-gzip"` (weak: see `EntityTag.coded`),
/// and a client holding the gzip answer gets its 304 for that tag, one holding identity for the
/// plain tag.
struct CompressionMiddleware: Middleware {
  /// Bodies smaller than this are sent as they are. An answer under 1 KiB and its head (about
  /// 290 bytes) fit in one 1460-byte TCP segment whether compressed or not, so compression saves
  /// no packet and no round trip, only CPU: a 20-point curve lookup, 1 134 bytes, gzips to 512
  /// at level 1, and both go out as one segment.
  static let threshold = 1024

  /// zlib's level, chosen by measurement (performance.md "Compression"): on the standard
  /// timeline level 1 runs at 3.3 times level 6's speed (75 against 23 MB/s of JSON) for 16 %
  /// more bytes (15.7 against 13.6 MB); compression runs on the heavy-work pool, so its speed
  /// is timeline throughput.
  static let level: Int32 = 1

  func respond<Next: Responder>(to request: ServiceRequest, next: Next) -> RoutedResponse {
    var routed = next.respond(to: request)
    code(&routed, for: request)
    return routed
  }

  /// In place: see `Middleware` on why.
  private func code(_ routed: inout RoutedResponse, for request: ServiceRequest) {
    let body = routed.response.body
    let large = routed.response.stream != nil || body.count >= Self.threshold
    // Most answers are small and most clients do not refuse identity: those leave here after
    // a length check and a scan of the field, without parsing it (a small GET takes tens of
    // microseconds in all: performance.md "HTTP").
    guard large || (!body.isEmpty && Self.mayRefuseIdentity(request.headers)) else {
      return
    }
    // 1xx, 204 and 304 never carry content (RFC 9110 §6.4.1), so they have nothing to code.
    let status = routed.response.status.code
    guard status >= 200, status != 204, status != 304,
      !routed.response.headers.contains(HTTPField.Name.contentEncoding),
      let type = routed.response.headers[HTTPField.Name.contentType], Self.isCompressible(type)
    else { return }
    let accepted = AcceptEncoding(request.headers)
    guard large || accepted.refusesIdentity else { return }
    // From here the answer depends on Accept-Encoding, whether coded or not.
    routed.response.headers.append(HTTPField.Name.vary, HTTPField.Name.acceptEncoding)
    guard let coding = accepted.preferred(among: ContentCoding.allCases) else { return }
    routed.response.headers.append(HTTPField.Name.contentEncoding, coding.token)
    if EntityTagMiddleware.tags(routed) {
      let tag = EntityTag.coded(
        routed.response.headers[HTTPField.Name.eTag] ?? EntityTag.of(body), coding)
      routed.response.headers.set(HTTPField.Name.eTag, tag)
      // The answer becomes a 304 or 412 outside, which sends no body: nothing to compress.
      if let condition = request.headers[HTTPField.Name.ifNoneMatch],
        EntityTag.matches(condition, tag)
      {
        return
      }
    }
    if let stream = routed.response.stream {
      routed.response.stream = Self.compressed(stream, coding)
    } else {
      routed.response.body = Deflater.compress(body, coding, level: Self.level)
    }
  }

  /// `stream` coded as it is read: each piece of it deflated and flushed (`Z_SYNC_FLUSH`) when
  /// it is asked for, so a client decodes all it has been sent as it arrives, at 5 bytes and a
  /// block boundary per 512 KiB piece (performance.md "Compression": 15.69 MB for the standard
  /// timeline either way); the last piece finishes the coding.
  static func compressed(_ stream: ResponseStream, _ coding: ContentCoding) -> ResponseStream {
    let deflater = Deflater(coding, level: level)
    return ResponseStream(reservedBytes: stream.reservedBytes + Deflater.memoryBytes) { output in
      while true {
        let (piece, more) = stream.next()
        deflater.compress(piece, flush: more ? .sync : .finish, into: &output)
        // A piece that gave out nothing (an empty one) is not worth a round through the server.
        if !more || !output.isEmpty { return more }
      }
    }
  }

  /// Whether `Accept-Encoding` could refuse identity: only `identity;q=0` or `*;q=0` can, so
  /// a field naming neither cannot.
  static func mayRefuseIdentity(_ headers: HTTPFields) -> Bool {
    headers.values(HTTPField.Name.acceptEncoding).contains {
      $0.contains("*") || $0.lowercased().contains("identity")
    }
  }

  /// Text in any form the service answers with (JSON, problem+json, CSV, SVG, YAML, HTML, the
  /// metrics exposition); nothing else is compressed, since an already-compressed format only
  /// gets larger.
  static func isCompressible(_ contentType: String) -> Bool {
    let mediaType =
      contentType.split(separator: ";", maxSplits: 1).first.map {
        $0.trimmingCharacters(in: " \t").lowercased()
      } ?? ""
    return mediaType.hasPrefix("text/") || mediaType == "application/json"
      || mediaType == "application/yaml" || mediaType.hasSuffix("+json")
      || mediaType.hasSuffix("+xml")
  }
}
