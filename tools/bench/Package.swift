// swift-tools-version: 6.2
// Benchmarks for TableFlow: built in release, one JSON line per figure, the peer measured in the
// same process. Run: swift run -c release --package-path tools/bench tableflow-bench <bench>
import PackageDescription

// The root package's identity is its folder's name, which depends on where it was cloned.
let root = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "TableFlow"

let package = Package(
  name: "TableFlowBench",
  // TableFlow's minimum platforms: a package cannot support older ones than its dependency.
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  dependencies: [.package(path: "../..")],
  targets: [
    .executableTarget(
      name: "tableflow-bench",
      dependencies: [
        .product(name: "TableCore", package: root), .product(name: "TableFlow", package: root),
        .product(name: "FixtureKit", package: root), .product(name: "Feeds", package: root),
        .product(name: "CLIKit", package: root),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
