// swift-tools-version: 6.1
import PackageDescription

/// SwiftPM names a path dependency after its folder, so the root package's identity is the name
/// of the folder that holds this one (`main` in the work tree, anything in a fresh clone).
let root = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "main"

/// The sample apps and their real backends. This package is separate from the root package so
/// that library users never pay for Hummingbird or GRDB.
let package = Package(
  name: "MVIKitExamples",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "DemoServer", targets: ["DemoServer"]),
    .library(name: "Users", targets: ["Users"]),
    .library(name: "Login", targets: ["Login"]),
    .library(name: "Todos", targets: ["Todos"]),
    .executable(name: "transcribe", targets: ["TranscribeCLI"]),
  ],
  // Off by default, so that the sample apps build with Homebrew's libraries alone: PocketSphinx
  // 5prealpha is a Debian package that Homebrew does not carry, and Whisper, the default engine,
  // does far better on free speech (`make bench-stt`).
  traits: [
    .trait(
      name: "PocketSphinx",
      description: "Transcribe's second speech engine, CMU PocketSphinx 5prealpha in process "
        + "(`--stt-engine pocketsphinx`); needs libpocketsphinx-dev and pocketsphinx-en-us.")
  ],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0", traits: []),
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
  ],
  targets: [
    .target(
      name: "DemoServer",
      dependencies: [
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        "CPNG", "CTurboJPEG", "CWebP",
      ]
    ),
    .target(
      name: "ExampleHTTP",
      dependencies: [
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ]
    ),
    .target(
      name: "Users",
      dependencies: [
        "ExampleHTTP",
        .product(name: "MVIKit", package: root),
        .product(name: "MVIKitPatterns", package: root),
        .product(name: "MVIKitTerminal", package: root),
      ]
    ),
    .target(
      name: "Login",
      dependencies: [
        "ExampleHTTP",
        .product(name: "MVIKit", package: root),
        .product(name: "MVIKitNavigation", package: root),
        .product(name: "MVIKitPatterns", package: root),
        .product(name: "MVIKitTerminal", package: root),
      ]
    ),
    .target(
      name: "Todos",
      dependencies: [
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "MVIKit", package: root),
        .product(name: "MVIKitTerminal", package: root),
      ]
    ),
    .target(
      name: "ShowcaseKit",
      dependencies: [
        "DemoServer", "Users", "Login", "Todos", "Transcribe", "Poster",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "MVIKit", package: root),
        .product(name: "MVIKitInspector", package: root),
        .product(name: "MVIKitNavigation", package: root),
        .product(name: "MVIKitPersistence", package: root),
        .product(name: "MVIKitRecording", package: root),
        .product(name: "MVIKitTerminal", package: root),
      ]
    ),
    .executableTarget(
      name: "Showcase",
      dependencies: [
        "ShowcaseKit", "DemoServer",
      ]
    ),
    .systemLibrary(
      name: "CPocketSphinx",
      pkgConfig: "pocketsphinx",
      providers: [.apt(["libpocketsphinx-dev", "libsphinxbase-dev"])]
    ),
    .target(
      name: "Transcribe",
      dependencies: [
        .target(name: "CPocketSphinx", condition: .when(traits: ["PocketSphinx"])), "ExampleHTTP",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "MVIKit", package: root),
        .product(name: "MVIKitTerminal", package: root),
      ]
    ),
    .executableTarget(
      name: "TranscribeCLI",
      dependencies: [
        "Transcribe", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(
      name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
    .target(
      name: "Poster",
      dependencies: [
        "CPNG", "CTurboJPEG", "CWebP", "ExampleHTTP",
        .product(name: "MVIKit", package: root),
        .product(name: "MVIKitTerminal", package: root),
      ]
    ),
    .target(name: "ExampleTestSupport", path: "Sources/ExampleTestSupport"),
    .testTarget(name: "DemoServerTests", dependencies: ["DemoServer"]),
    .testTarget(
      name: "ShowcaseTests",
      dependencies: [
        "ShowcaseKit", "DemoServer", "Users", "Login", "Todos", "Transcribe", "Poster",
        "ExampleTestSupport", .product(name: "MVIKit", package: root),
        .product(name: "MVIKitInspector", package: root),
        .product(name: "MVIKitPersistence", package: root),
        .product(name: "MVIKitRecording", package: root),
        .product(name: "MVIKitTerminal", package: root),
        .product(name: "MVIKitTesting", package: root),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // A recorded session, read through its path by the test that turns it into a test.
      exclude: ["Recordings"]
    ),
    .testTarget(
      name: "UsersTests",
      dependencies: [
        "Users", "DemoServer", .product(name: "MVIKit", package: root),
        .product(name: "MVIKitTerminal", package: root),
        .product(name: "MVIKitTesting", package: root),
      ]
    ),
    .testTarget(
      name: "LoginTests",
      dependencies: [
        "Login", "DemoServer", .product(name: "MVIKit", package: root),
        .product(name: "MVIKitTesting", package: root),
        .product(name: "MVIKitNavigation", package: root),
        .product(name: "MVIKitRecording", package: root),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(
      name: "TodosTests",
      dependencies: [
        "Todos", "ExampleTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "MVIKit", package: root), .product(name: "MVIKitTesting", package: root),
      ]
    ),
    .testTarget(
      name: "TranscribeTests",
      dependencies: [
        "Transcribe", "ExampleTestSupport", .product(name: "MVIKit", package: root),
        .product(name: "MVIKitTerminal", package: root),
        .product(name: "MVIKitTesting", package: root),
      ]
    ),
    .testTarget(
      name: "PosterTests",
      dependencies: [
        "Poster", "DemoServer", "CTurboJPEG", "ExampleTestSupport",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "MVIKit", package: root),
        .product(name: "MVIKitTerminal", package: root),
        .product(name: "MVIKitTesting", package: root),
      ],
      exclude: ["Fixtures"]
    ),
  ]
)

// A test the showcase's inspector wrote ("Copy as test"), pasted into a test target of this
// package as a user pastes it: scripts/e2e-showcase-inspect.sh writes it to
// Tests/CopiedShowcaseTests (git-ignored) and sets MVIKIT_COPIED_SHOWCASE_TEST to build and run
// it. Absent otherwise, so that no other build sees a test left there.
if Context.environment["MVIKIT_COPIED_SHOWCASE_TEST"] != nil {
  package.targets.append(
    .testTarget(
      name: "CopiedShowcaseTests",
      dependencies: [
        "ShowcaseKit", "Users", "Login", "Todos", "Transcribe", "Poster",
        .product(name: "MVIKit", package: root),
        .product(name: "MVIKitTesting", package: root),
      ],
      path: "Tests/CopiedShowcaseTests"))
}
