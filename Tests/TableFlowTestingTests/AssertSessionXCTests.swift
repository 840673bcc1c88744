import Feeds
import Foundation
import TableFlow
import TableFlowTesting
import TestSupport
import XCTest

// No `import Testing` here: assertSession compiles and fails tests in a plain XCTest file.

/// assertSession under XCTest: a matching golden passes, a differing one fails the test.
///
/// swift-corelibs-xctest (Linux) has no `XCTExpectFailure`, so there the failing case runs in
/// a child process (this test binary, filtered to `testChildDifferingGolden`) and its output
/// and exit status are checked; Apple's XCTest expects the failure in-process.
final class AssertSessionXCTests: XCTestCase {
  static let childFolder = "TABLEFLOW_XCTEST_CHILD_FOLDER"

  /// `__Fixtures__/AssertSessionXCTests/testSession.jsonl.gz` and `.log`, beside this file.
  func testSession() async throws {
    let result = try await assertSession(feed: PhotosFeed(), environment: [:])
    XCTAssertNil(result.goldenDifference)
    XCTAssertTrue(result.fixturePath.hasSuffix("/__Fixtures__/AssertSessionXCTests/testSession.jsonl.gz"))
    XCTAssertTrue(result.goldenPath.hasSuffix("/__Fixtures__/AssertSessionXCTests/testSession.log"))
    XCTAssertFalse(result.updates.isEmpty)
    XCTAssertTrue(expectUpdates(result.updates))
  }

  /// A copy of the photos session whose golden says something else.
  static func differingCopy() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory(prefix: "assert-session-xctests")
    let source = APIServer.packageRoot.appendingPathComponent("Fixtures/photos").path
    try FileManager.default.copyItem(
      atPath: source + "/session.jsonl.gz", toPath: folder.file("session.jsonl.gz"))
    let golden = try String(contentsOfFile: source + "/session.log", encoding: .utf8)
    try Data((golden + "a line the replay does not write\n").utf8)
      .write(to: URL(fileURLWithPath: folder.file("session.log")))
    return folder
  }

  /// Run only as the child of `testDifferingGoldenFails`: asserts a differing golden, which
  /// must fail this test. Run directly, it skips.
  func testChildDifferingGolden() async throws {
    guard let folder = ProcessInfo.processInfo.environment[Self.childFolder] else {
      throw XCTSkip("run by testDifferingGoldenFails in a child process")
    }
    try await assertSession(feed: PhotosFeed(), fixture: folder + "/session.jsonl.gz", environment: [:])
  }

  #if canImport(ObjectiveC)
  func testDifferingGoldenFails() async throws {
    let folder = try Self.differingCopy()
    defer { folder.cleanUp() }
    XCTExpectFailure("the golden has a line the replay does not write")
    let result = try await assertSession(
      feed: PhotosFeed(), fixture: folder.file("session.jsonl.gz"), environment: [:])
    XCTAssertNotNil(result.goldenDifference)
  }
  #else
  func testDifferingGoldenFails() throws {
    let folder = try Self.differingCopy()
    defer { folder.cleanUp() }
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    child.arguments = ["TableFlowTestingTests.AssertSessionXCTests/testChildDifferingGolden"]
    var environment = ProcessInfo.processInfo.environment
    environment[Self.childFolder] = folder.path
    child.environment = environment
    let output = Pipe()
    child.standardOutput = output
    child.standardError = output
    try child.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()

    XCTAssertNotEqual(child.terminationStatus, 0, text)
    XCTAssertTrue(text.contains("Executed 1 test, with 1 failure"), text)
    // XCTest's failure line: this file and the line of the call, then the message.
    XCTAssertTrue(text.contains("AssertSessionXCTests.swift:"), text)
    XCTAssertTrue(text.contains("error: AssertSessionXCTests.testChildDifferingGolden"), text)
    XCTAssertTrue(text.contains(folder.file("session.log") + ": the log differs at line"), text)
    // As in Swift Testing, the log went to GOLDEN.new and the golden is untouched.
    XCTAssertTrue(FileManager.default.fileExists(atPath: folder.file("session.log.new")))
  }
  #endif
}
