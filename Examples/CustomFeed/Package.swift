// swift-tools-version: 6.2
// A user's package: one feed of its own, the `tableflow` commands for it, and tests of its
// recorded session with TableFlowTesting, in Swift Testing and in XCTest. It depends on
// TableFlow by path (two folders up); a real project would use `.package(url: …, from: …)`.
import PackageDescription

// A path dependency's identity is its folder's name, which depends on where TableFlow was
// cloned.
let tableFlow =
  Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "TableFlow"

let package = Package(
  name: "CustomFeed",
  // TableFlow's minimum platforms: a package cannot support older ones than its dependency.
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  dependencies: [.package(path: "../..")],
  targets: [
    // The feed: screens over the backend's JSON.
    .target(
      name: "FriendsFeed",
      dependencies: [
        .product(name: "TableFlow", package: tableFlow), .product(name: "TableCore", package: tableFlow),
      ]),
    // The feed's screen in an iOS app (UITableViewController + TableFlowUIKit's data source); on
    // Linux an empty module, type-checked against a stand-in UIKit by tools/check-uikit.sh.
    .target(
      name: "FriendsUI",
      dependencies: [
        "FriendsFeed", .product(name: "TableFlow", package: tableFlow),
        .product(name: "TableCore", package: tableFlow), .product(name: "TableFlowUIKit", package: tableFlow),
      ]),
    // `friends run|replay|verify|inspect|diff|feeds …`: the tableflow commands for the feed.
    .executableTarget(
      name: "friends",
      dependencies: ["FriendsFeed", .product(name: "CLIKit", package: tableFlow)]),
    .testTarget(
      name: "FriendsFeedTests",
      dependencies: [
        "FriendsFeed", .product(name: "TableFlowTesting", package: tableFlow),
        .product(name: "TableFlow", package: tableFlow),
      ]),
    // The same session tested from XCTest, with assertSession's default paths: its fixture and
    // golden sit in __Fixtures__/FriendsFeedXCTests/ beside the test file.
    .testTarget(
      name: "FriendsFeedXCTests",
      dependencies: ["FriendsFeed", .product(name: "TableFlowTesting", package: tableFlow)],
      exclude: ["__Fixtures__"]),
  ],
  swiftLanguageModes: [.v6]
)
