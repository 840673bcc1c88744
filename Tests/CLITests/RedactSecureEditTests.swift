import FixtureKit
import Foundation
import TestSupport
import Testing

/// `tableflow redact` decides an `edit` by its field's secure flag, learned from a replay of
/// the fixture, not by the spelling of its row id (issue 17 item 8).
@Suite("tableflow redact: edits by the field's secure flag", .serialized)
struct RedactSecureEditTests {
  static func fixture(feed: String, intents: [String], in folder: TemporaryDirectory) throws -> String {
    let path = folder.file("\(feed).jsonl.gz")
    let writer = try FixtureWriter(path: path, header: FixtureHeader(feed: feed, tool: "tests"))
    for intent in intents { try writer.append(.intent(intent)) }
    try writer.finish()
    return path
  }

  @Test(
    "an edit to a field that is not secure is kept, though its id says password; a secure one is redacted")
  func bySecureFlag() throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-redact-edits")
    defer { folder.cleanUp() }
    // An old recording: the password typed in clear (before the recorder redacted it).
    let path = try Self.fixture(
      feed: "signin",
      intents: [
        "load", "edit signin-with-password typed-here", "select signin-with-password",
        "edit password plum-tea-7391",
      ], in: folder)
    let run = try CLIProcess.run(["redact", path])
    #expect(run.status == 0, "\(run.stderr)")
    let text = String(decoding: try SecretsCommandTests.zcat(path), as: UTF8.self)
    #expect(text.contains(#""intent":"edit signin-with-password typed-here""#), "\(text)")
    #expect(text.contains(#""intent":"edit password REDACTED""#))
    #expect(!text.contains("plum-tea-7391"))
  }

  @Test("a fixture of an unknown feed falls back to the row id's name")
  func unknownFeedByName() throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-redact-edits")
    defer { folder.cleanUp() }
    let path = try Self.fixture(
      feed: "nosuchfeed", intents: ["load", "edit user-password hunter2-long", "edit note hello"], in: folder)
    let run = try CLIProcess.run(["redact", path])
    #expect(run.status == 0, "\(run.stderr)")
    let text = String(decoding: try SecretsCommandTests.zcat(path), as: UTF8.self)
    #expect(text.contains(#""intent":"edit user-password REDACTED""#))
    #expect(text.contains(#""intent":"edit note hello""#))
  }
}
