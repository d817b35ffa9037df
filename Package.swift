// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "MVIKit",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  products: [
    .library(name: "MVIKit", targets: ["MVIKit"]),
    .library(name: "MVIKitTesting", targets: ["MVIKitTesting"]),
    .library(name: "MVIKitTerminal", targets: ["MVIKitTerminal"]),
    .library(name: "MVIKitTerminalIO", targets: ["MVIKitTerminalIO"]),
    .library(name: "MVIKitRecording", targets: ["MVIKitRecording"]),
    .library(name: "MVIKitTimeTravel", targets: ["MVIKitTimeTravel"]),
    .library(name: "MVIKitNavigation", targets: ["MVIKitNavigation"]),
    .library(name: "MVIKitPatterns", targets: ["MVIKitPatterns"]),
    .library(name: "MVIKitInspector", targets: ["MVIKitInspector"]),
    .library(name: "MVIKitPersistence", targets: ["MVIKitPersistence"]),
    // For MCP clients that launch servers on standard input and output only.
    .executable(name: "mvikit-mcp-bridge", targets: ["MVIKitMCPBridge"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.4.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    // Only MVIKitInspector's server uses it: an app that does not import the inspector does
    // not build it.
    .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    // Only MVIKitInspector's agent server (MCP) uses it, as swift-nio above.
    .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
  ],
  targets: [
    // Relaxed atomics for the core's one value that threads may write at once; C, as the
    // standard library's `Atomic` needs macOS 15 and iOS 18.
    .target(name: "CMVIKitAtomics"),
    // The core depends on nothing but the toolchain.
    .target(
      name: "MVIKit", dependencies: ["CMVIKitAtomics"],
      // Each folder of Internal/ says what its job is.
      exclude: ["Engine", "Effects", "Links", "Observation", "Support"].map {
        "Internal/\($0)/README.md"
      }),
    // Layers over the core: navigation stacks and alerts; the MVVM and VIPER adapters.
    .target(name: "MVIKitNavigation", dependencies: ["MVIKit"]),
    .target(name: "MVIKitPatterns", dependencies: ["MVIKit"]),
    .target(name: "MVIKitTimeTravel", dependencies: ["MVIKit"]),
    // State kept across launches, in files written atomically.
    .target(name: "MVIKitPersistence", dependencies: ["MVIKit"]),
    // Debugging aids: recording, replay, time travel, flow logging.
    .target(
      name: "MVIKitRecording",
      dependencies: [
        "MVIKit", "MVIKitTimeTravel", .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // The live inspector: a page in a browser attached to a running app's root store.
    .target(
      name: "MVIKitInspector",
      dependencies: [
        // The page's "Explore orders" runs the schedule explorer on the recorded session.
        "MVIKit", "MVIKitRecording", "MVIKitTesting",
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        // The agent server: the same tools as the page, over the Model Context Protocol.
        .product(name: "MCP", package: "swift-sdk"),
      ],
      resources: [.copy("Resources")]
    ),
    .target(
      name: "MVIKitTesting",
      dependencies: [
        // Recordings become tests: the failures name members as a generated test writes them.
        "MVIKit", "MVIKitRecording",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        // Links the Swift Testing / XCTest bridge so failures land in whichever runs the test.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    // The terminal itself, below views and stores: cells, character widths, keys decoded from
    // input bytes, frames diffed into output bytes, the system terminal and a test one.
    // MVIKitTerminal re-exports it.
    .target(name: "MVIKitTerminalIO"),
    .target(
      name: "MVIKitTerminal",
      dependencies: ["MVIKit", "MVIKitNavigation", "MVIKitTerminalIO"]),
    // The stdio bridge to an inspector's MCP server: Foundation only.
    .executableTarget(name: "MVIKitMCPBridge"),
    // The README's counter, shared by the demo and the tests; not a product.
    .target(name: "CounterExample", dependencies: ["MVIKit"]),
    // The model whose recorded sessions the tests turn into tests; not a product.
    .target(name: "ShoppingListExample", dependencies: ["MVIKit"]),
    .executableTarget(
      name: "CounterDemo", dependencies: ["MVIKit", "MVIKitTerminal", "CounterExample"]),
    .testTarget(name: "MVIKitTerminalIOTests", dependencies: ["MVIKitTerminalIO"]),
    .testTarget(
      name: "MVIKitTests",
      dependencies: [
        "MVIKit", "MVIKitNavigation", "MVIKitPatterns", "MVIKitTesting", "CounterExample",
        "ReentryProbe",
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    // A small app with an inspector attached, driven through its standard input by the
    // browser tests (scripts/e2e-inspector.sh); not a product.
    .executableTarget(
      name: "InspectorProbe", dependencies: ["MVIKit", "MVIKitInspector", "MVIKitRecording"]),
    // Writes state files without end, for the tests that kill it mid-write; not a product.
    .executableTarget(name: "PersistenceProbe", dependencies: ["MVIKitPersistence"]),
    // Reads a store from inside its own reduce, for the test that it is stopped; not a product.
    .executableTarget(name: "ReentryProbe", dependencies: ["MVIKit"]),
    .testTarget(
      name: "MVIKitPersistenceTests",
      dependencies: [
        "MVIKit", "MVIKitPersistence", "MVIKitTesting", "MVIKitRecording", "PersistenceProbe",
      ]
    ),
    .testTarget(
      name: "MVIKitInspectorTests",
      dependencies: [
        "MVIKit", "MVIKitInspector", "MVIKitRecording", "MVIKitTesting", "CounterExample",
        "ShoppingListExample",
      ]
    ),
    .testTarget(
      name: "MVIKitRecordingTests",
      dependencies: [
        "MVIKit", "MVIKitRecording", "CounterExample",
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // A recording becomes a test: the tests made from recorded sessions are checked in here,
    // so that they are compiled and run beside the tests that make them.
    .testTarget(
      name: "RecordingToTestTests",
      dependencies: ["MVIKit", "MVIKitRecording", "MVIKitTesting", "ShoppingListExample"]
    ),
    .testTarget(
      name: "MVIKitTerminalTests",
      dependencies: [
        "MVIKit", "MVIKitTerminal", "MVIKitNavigation", "MVIKitRecording", "MVIKitTesting",
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
  ]
)
