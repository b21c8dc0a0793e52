/// The OpenAPI document, compiled into the binary from the repository's `openapi.yaml`: the
/// contract `GET /openapi.yaml` serves and the service's version (`ServiceVersion`) is read from.
enum OpenAPIDocument {
  static let bytes: [UInt8] = PackageResources.openapi_yaml
}
