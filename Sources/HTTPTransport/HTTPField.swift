/// Header field names, spelt once (RFC 9110 and the CORS and Fetch standards), as
/// swift-http-types names them (`HTTPField.Name.contentType`): a misspelt name is a compile
/// error rather than a field no client reads. `HTTPFields` compares names without regard to
/// case, so these are the conventional spellings.
public enum HTTPField {
  public enum Name {
    public static let accept = "Accept"
    public static let acceptEncoding = "Accept-Encoding"
    public static let accessControlAllowHeaders = "Access-Control-Allow-Headers"
    public static let accessControlAllowMethods = "Access-Control-Allow-Methods"
    public static let accessControlAllowOrigin = "Access-Control-Allow-Origin"
    public static let accessControlExposeHeaders = "Access-Control-Expose-Headers"
    public static let accessControlMaxAge = "Access-Control-Max-Age"
    public static let accessControlRequestMethod = "Access-Control-Request-Method"
    public static let allow = "Allow"
    public static let cacheControl = "Cache-Control"
    public static let connection = "Connection"
    public static let contentEncoding = "Content-Encoding"
    public static let contentLength = "Content-Length"
    public static let contentSecurityPolicy = "Content-Security-Policy"
    public static let contentType = "Content-Type"
    public static let contentTypeOptions = "X-Content-Type-Options"
    public static let date = "Date"
    public static let eTag = "ETag"
    public static let expect = "Expect"
    public static let host = "Host"
    public static let ifNoneMatch = "If-None-Match"
    public static let origin = "Origin"
    public static let retryAfter = "Retry-After"
    public static let transferEncoding = "Transfer-Encoding"
    public static let vary = "Vary"
    public static let requestID = "X-Request-ID"
  }
}
