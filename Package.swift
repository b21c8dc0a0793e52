// swift-tools-version:6.0
import PackageDescription

// One direction of dependency (DESIGN.md): executable → TimingAPI → TimingEngine / HTTPServer.
let package = Package(
  name: "animation-timing",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "animation-timing", targets: ["animation-timing"]),
    .executable(name: "timing-bench", targets: ["timing-bench"]),
  ],
  targets: [
    .target(name: "TimingEngine"),
    .target(name: "HTTPServer"),
    .target(
      name: "TimingAPI",
      dependencies: ["TimingEngine", "HTTPServer"],
      resources: [.embedInCode("Resources/openapi.yaml")]
    ),
    .executableTarget(name: "animation-timing", dependencies: ["TimingAPI", "HTTPServer"]),
    .executableTarget(name: "timing-bench", dependencies: ["TimingEngine", "TimingAPI"]),
    // Raw-socket client shared by the server and API tests; not part of any product.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "TimingEngineTests", dependencies: ["TimingEngine", "TestSupport"]),
    .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
    .testTarget(
      name: "TimingAPITests",
      dependencies: ["TimingAPI", "HTTPServer", "TimingEngine", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
