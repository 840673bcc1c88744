import Foundation
import TestSupport
import Testing

@testable import CLIKit

@Suite("tableflow with no arguments")
struct EmbeddedSessionTests {
  static var fixture: URL {
    APIServer.packageRoot.appendingPathComponent("Fixtures/books/session.jsonl.gz")
  }

  @Test("the embedded bytes are the shipped fixture (re-run tools/embed-fixture.py if not)")
  func bytesMatchTheFixture() throws {
    let shipped = try Data(contentsOf: Self.fixture)
    let embedded = try #require(EmbeddedSession.bytes)
    #expect(embedded == [UInt8](shipped))
  }

  @Test("replays the books session from the root folder, matching its golden log")
  func runsFromRoot() throws {
    let golden = try String(
      contentsOf: APIServer.packageRoot.appendingPathComponent("Fixtures/books/session.log"),
      encoding: .utf8)
    let outcome = try CLIProcess.run([], in: URL(fileURLWithPath: "/"))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stderr.isEmpty)
    #expect(outcome.stdout == golden)
  }

  @Test("--help says what the tool is and what the bare command does")
  func helpSaysWhatItIs() throws {
    let outcome = try CLIProcess.run(["--help"], in: URL(fileURLWithPath: "/"))
    #expect(outcome.status == 0)
    #expect(outcome.stdout.contains("table snapshots and the staged, UIKit-safe changes"))
    #expect(outcome.stdout.contains("replays the books session bundled into this binary"))
  }
}
