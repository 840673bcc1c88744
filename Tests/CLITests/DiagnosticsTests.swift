import FixtureKit
import Foundation
import TestSupport
import Testing

/// What a damaged or ill-formed fixture prints: the root cause first, one line, then at most
/// one line summing up what it left unanswered.
@Suite("fixture diagnostics")
struct DiagnosticsTests {
  @Test("a truncated fixture prints its damage first, then one summary line")
  func rootCauseFirst() throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-diagnostics")
    defer { folder.cleanUp() }
    let session = APIServer.packageRoot.appendingPathComponent("Fixtures/books/session.jsonl.gz")
    let bytes = try Data(contentsOf: session)
    let cut = folder.file("cut.jsonl.gz.partial")
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
    for arguments in [["replay", cut], ["run", "books", "--fixture", cut]] {
      let outcome = try CLIProcess.run(arguments)
      #expect(outcome.status == (arguments[0] == "replay" ? 65 : 69), "\(outcome.stderr)")
      let lines = outcome.stderr.split(separator: "\n")
      #expect(lines.count == 2, "\(arguments): \(outcome.stderr)")
      #expect(lines.first?.hasPrefix("tableflow: \(cut): record") == true)
      #expect(lines.first?.contains("truncated") == true)
      #expect(lines.last?.contains("the damage left") == true)
      #expect(outcome.stdout.hasPrefix("> load\n"))
    }
  }

  static func fixture(
    in folder: TemporaryDirectory, feed: String, params: [String: String] = [:], intents: [String] = ["load"]
  ) throws -> String {
    let path = folder.file("\(feed)-\(params.count)-\(intents.count).jsonl.gz")
    let writer = try FixtureWriter(
      path: path, header: FixtureHeader(feed: feed, tool: "tests", params: params))
    for intent in intents { try writer.append(.intent(intent)) }
    try writer.finish()
    return path
  }

  @Test("a header naming an unknown feed or an invalid parameter, or an intent with a line break, exits 65")
  func headerProblemsAreData() throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-diagnostics")
    defer { folder.cleanUp() }
    let cases = [
      (try Self.fixture(in: folder, feed: "nosuchfeed"), "unknown feed"),
      (try Self.fixture(in: folder, feed: "books", params: ["user": "two words"]), "user"),
      (try Self.fixture(in: folder, feed: "books", params: ["colour": "red"]), "colour"),
      (try Self.fixture(in: folder, feed: "books", intents: ["load", "select a\nselect b"]), "line break"),
    ]
    for (path, cause) in cases {
      let outcome = try CLIProcess.run(["replay", path])
      #expect(outcome.status == 65, "\(path): \(outcome.stderr)")
      #expect(outcome.stderr.hasPrefix("tableflow: \(path): "))
      #expect(outcome.stderr.contains(cause))
      #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
    }
  }
}
