// swift-tools-version:6.0
import PackageDescription

// One direction of dependency (design.md): executable → TimingAPI → TimingEngine / HTTPTransport.
let package = Package(
  name: "animation-timing",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "animation-timing", targets: ["animation-timing"]),
    .executable(name: "timing-bench", targets: ["timing-bench"]),
  ],
  targets: [
    .target(name: "TimingEngine"),
    // epoll and eventfd from the C library's headers, for the transport's event loops.
    .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
    .target(name: "HTTPTransport", dependencies: ["CEpoll"]),
    // zlib, for gzip and deflate answers: one of the Swift toolchain's own Linux dependencies
    // (zlib1g-dev on Debian, in the swift images), linked as libz.
    .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
    .target(
      name: "TimingAPI",
      dependencies: ["TimingEngine", "HTTPTransport", "CZlib"],
      resources: [
        .embedInCode("Resources/openapi.yaml"), .embedInCode("Resources/playground.html"),
      ]
    ),
    .executableTarget(name: "animation-timing", dependencies: ["TimingAPI", "HTTPTransport"]),
    .executableTarget(name: "timing-bench", dependencies: ["TimingEngine", "TimingAPI"]),
    // Raw-socket client shared by the server and API tests; not part of any product.
    .target(name: "TestSupport", dependencies: ["CZlib"], path: "Tests/TestSupport"),
    .testTarget(name: "TimingEngineTests", dependencies: ["TimingEngine", "TestSupport"]),
    .testTarget(name: "HTTPTransportTests", dependencies: ["HTTPTransport", "TestSupport"]),
    .testTarget(
      name: "TimingAPITests",
      dependencies: ["TimingAPI", "HTTPTransport", "TimingEngine", "TestSupport", "CZlib"]),
  ],
  swiftLanguageModes: [.v6]
)

// libFuzzer targets (Fuzz/, run by scripts/fuzz.sh) join the package only when
// ANIMATION_TIMING_FUZZ is set. They need two things that normal builds do not have: libFuzzer's
// LLVMFuzzerRunDriver, which is linked only with `-sanitize=fuzzer`, and the internal HTTP parser,
// which `@testable import` reaches only in modules built with `-enable-testing` (not in release).
// Gating them here keeps `swift build`, `-c release`, `swift test` and the Dockerfile's build
// exactly as they were: none of them compiles a fuzz target, so none has an unresolved symbol,
// and the libraries gain no public API for fuzzing. SwiftPM keys its manifest cache on the
// environment, so switching the variable on and off needs no cleaning (scripts/fuzz.sh also uses
// its own scratch path).
if Context.environment["ANIMATION_TIMING_FUZZ"] != nil {
  package.targets += [
    // The C declaration of LLVMFuzzerRunDriver, which Swift cannot declare itself.
    .target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
    .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Fuzz/FuzzSupport"),
    .executableTarget(
      name: "fuzz-http-parser", dependencies: ["FuzzSupport", "HTTPTransport"],
      path: "Fuzz/http-parser"),
    .executableTarget(
      name: "fuzz-json", dependencies: ["FuzzSupport", "TimingAPI"], path: "Fuzz/json"),
    .executableTarget(
      name: "fuzz-timing-function", dependencies: ["FuzzSupport", "TimingEngine"],
      path: "Fuzz/timing-function"),
    .executableTarget(
      name: "fuzz-svg-path", dependencies: ["FuzzSupport", "TimingEngine"], path: "Fuzz/svg-path"
    ),
    .executableTarget(
      name: "fuzz-service",
      dependencies: ["FuzzSupport", "TimingAPI", "HTTPTransport", "TestSupport"],
      path: "Fuzz/service"),
  ]
}
