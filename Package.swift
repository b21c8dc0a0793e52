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
    .testTarget(name: "TimingEngineTests", dependencies: ["TimingEngine"]),
    .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
    .testTarget(name: "TimingAPITests", dependencies: ["TimingAPI", "HTTPServer", "TimingEngine"]),
  ],
  swiftLanguageModes: [.v6]
)
