/// What a shared cache (a CDN in front of the replicas) may do with a route's successful GET
/// answer, as `Cache-Control` (RFC 9111 §5.2.2). The engine is pure, so most answers are a
/// function of the URL alone; what differs is whether that URL can come to mean something
/// else.
enum CachePolicy: Sendable {
  /// A `/v1/…` lookup (a curve, its plot, a preset): the answer is a pure function of the URL
  /// under the `/v1` contract, the same on every replica, so a year and `immutable` (no
  /// revalidation on reload).
  case immutable
  /// The contract itself, `/openapi.yaml`: the same on every replica of a version, but the URL
  /// carries no version, so after a rollout it changes in place. An hour bounds how long a
  /// cache keeps serving the previous contract; its ETag makes revalidation a 304.
  case sameWithinRelease
  /// Nothing said here: POSTs (not cached by default), and the operations routes, which say
  /// `no-store` themselves (health, readiness and metrics describe this process now).
  case unstated

  /// The field's value, or nil for none.
  var headerValue: String? {
    switch self {
    // 31 536 000 s is 365 days, the conventional maximum (RFC 2616 §14.21 capped Expires at a
    // year, and caches still treat a year as forever).
    case .immutable: "public, max-age=31536000, immutable"
    case .sameWithinRelease: "public, max-age=3600"
    case .unstated: nil
    }
  }
}
