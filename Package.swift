// swift-tools-version: 6.2
// 6.2: TableFlow uses `nonisolated(nonsending)` (SE-0461). Build with Swift 6.2 or later.
// TableFlow: data-driven table screens as a deterministic, headless pipeline.
// Module map and contracts: see DESIGN.md (shared) and README.md.
import PackageDescription

let package = Package(
  name: "TableFlow",
  // The lowest versions the code needs: `Duration`, `Clock` and `Task.sleep(for:)` arrived in
  // iOS 16 / macOS 13 / tvOS 16 / watchOS 9 (visionOS has them from 1.0); the UIKit adapter's
  // `reconfigureRows`/`reconfigureItems` need only iOS 15 / tvOS 15. Nothing newer is used
  // outside an `@available` context: `python3 tools/check-platform-api.py` (run by .ci/run)
  // fails on the listed newer APIs, such as Synchronization's `Mutex` and `Atomic` (iOS 18).
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "TableCore", targets: ["TableCore"]),
    .library(name: "TableFlow", targets: ["TableFlow"]),
    .library(name: "FixtureKit", targets: ["FixtureKit"]),
    .library(name: "Feeds", targets: ["Feeds"]),
    // Test helpers for XCTest and Swift Testing alike: assertSession (replay or record, compare
    // with a golden log) and expectChangeset/expectUpdates (changesets against HeadlessTable).
    .library(name: "TableFlowTesting", targets: ["TableFlowTesting"]),
    // Applies presented updates to UITableView / UICollectionView (and, anywhere, HeadlessTableView).
    .library(name: "TableFlowUIKit", targets: ["TableFlowUIKit"]),
    // The command line as a library: `Tableflow.main(feeds:)` gives a user's executable every
    // command for its own feeds.
    .library(name: "CLIKit", targets: ["CLIKit"]),
    .executable(name: "tableflow", targets: ["tableflow"]),
  ],
  targets: [
    // Pure value types: snapshots, the builder, the staged diff, the headless table. Stdlib only.
    .target(name: "TableCore"),
    // System zlib, reached only through FixtureKit's Zlib.swift.
    .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
    // Gzip streams and the fixture file format: bytes and records, nothing of tables.
    .target(name: "FixtureKit", dependencies: ["CZlib"]),
    // The event bus, the four stage actors, transports, feeds API, log writers, Pipeline.
    .target(name: "TableFlow", dependencies: ["TableCore", "FixtureKit"]),
    // Applying updates stage by stage to a table; UIKit conformances under #if canImport(UIKit).
    .target(name: "TableFlowUIKit", dependencies: ["TableFlow", "TableCore"]),
    // Test helpers for a user's feeds; a failure fails the test in XCTest or Swift Testing,
    // whichever runs it.
    .target(name: "TableFlowTesting", dependencies: ["TableFlow", "TableCore", "TableFlowViewer"]),
    // Built-in feeds reproducing the seed screens.
    .target(name: "Feeds", dependencies: ["TableFlow", "TableCore"]),
    // The session page (`view`) and the review page (`verify --html`): self-contained HTML whose
    // script and style sheet are the files in Page/, embedded by tools/embed-page-assets.py.
    .target(name: "TableFlowViewer", dependencies: ["TableFlow", "TableCore"], exclude: ["Page"]),
    // The command-line tool; thin. Its argument parser lives in CLIKit so it can be unit-tested.
    .target(
      name: "CLIKit", dependencies: ["TableFlow", "TableFlowViewer", "Feeds", "FixtureKit", "TableCore"]),
    .executableTarget(name: "tableflow", dependencies: ["CLIKit"]),

    // Shared by the test targets: starting tools/api-server.py, finding the package root.
    .target(name: "TestSupport", path: "Tests/TestSupport"),

    .testTarget(name: "TableCoreTests", dependencies: ["TableCore", "TestSupport"]),
    .testTarget(name: "FixtureKitTests", dependencies: ["FixtureKit", "TestSupport"]),
    .testTarget(
      name: "TableFlowTests", dependencies: ["TableFlow", "TableCore", "FixtureKit", "TestSupport"]),
    .testTarget(
      name: "FeedsTests",
      dependencies: ["Feeds", "TableFlow", "TableFlowTesting", "TableCore", "TestSupport"]),
    .testTarget(
      name: "TableFlowUIKitTests",
      dependencies: ["TableFlowUIKit", "Feeds", "TableFlow", "TableCore", "TestSupport"]),
    .testTarget(
      name: "TableFlowTestingTests",
      dependencies: ["TableFlowTesting", "Feeds", "TableFlow", "TableCore", "TestSupport"],
      // assertSession's default fixtures and goldens, beside the tests that use them.
      exclude: ["__Fixtures__"]),
    // Main-actor code, as an app target's is (Xcode's default isolation): calls every public
    // API that takes a closure, so each stays callable from a view controller.
    .testTarget(
      name: "MainActorCallerTests",
      dependencies: ["TableFlow", "TableCore", "FixtureKit", "CLIKit", "TestSupport"],
      swiftSettings: [.defaultIsolation(MainActor.self)]),
    // The code blocks of README.md and the DocC articles: compiled (Generated/, written by
    // tools/extract-snippets.py), run against the built `tableflow`, or compared with their files.
    .testTarget(
      name: "DocSnippetTests",
      dependencies: [
        "TableFlow", "TableCore", "Feeds", "TableFlowTesting", "TableFlowUIKit", "CLIKit", "TestSupport",
      ]),
    .testTarget(
      name: "CLITests",
      dependencies: [
        "CLIKit", "TableFlowViewer", "Feeds", "FixtureKit", "TableFlow", "TableCore", "TestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
