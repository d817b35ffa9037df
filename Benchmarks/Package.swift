// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "MVIKitBenchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "MVIKit", path: ".."),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
  ],
  targets: [
    .target(name: "MallocCounter"),
    .executableTarget(
      name: "MVIKitBenchmarks",
      dependencies: [
        "MallocCounter",
        .product(name: "MVIKit", package: "MVIKit"),
        .product(name: "MVIKitRecording", package: "MVIKit"),
        .product(name: "MVIKitInspector", package: "MVIKit"),
        .product(name: "MVIKitPersistence", package: "MVIKit"),
        .product(name: "MVIKitTesting", package: "MVIKit"),
        .product(name: "MVIKitTerminal", package: "MVIKit"),
        .product(name: "Logging", package: "swift-log"),
      ],
    ),
  ]
)
