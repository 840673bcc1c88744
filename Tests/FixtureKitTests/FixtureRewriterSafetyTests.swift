import Foundation
import TestSupport
import Testing

@testable import FixtureKit

/// `redact` rewrites the file a link names, keeps its permissions, and stops on a signal
/// without touching the fixture.
@Suite("Fixture rewriter: links, permissions, stopping")
struct FixtureRewriterSafetyTests {
  @Test("a symbolic link's target is redacted and the link stays a link")
  func redactsThroughTheLinkTarget() throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-redact")
    defer { directory.cleanUp() }
    let real = directory.file("real.jsonl.gz")
    try FixtureRewriterTests.write(real)
    let link = directory.file("link.jsonl.gz")
    #expect(symlink(real, link) == 0)
    let summary = try FixtureRewriter.redact(path: link)
    #expect(summary.rewritten)
    #expect(!(try FixtureRewriterTests.zcatText(real)).contains("plum-tea-7391"))
    let kind = try FileManager.default.attributesOfItem(atPath: link)[.type] as? FileAttributeType
    #expect(kind == .typeSymbolicLink)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        "link.jsonl.gz", "real.jsonl.gz",
      ])
  }

  @Test("the rewritten fixture keeps the original's permission bits", arguments: [0o600, 0o640, 0o664])
  func keepsMode(mode: Int) throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-redact")
    defer { directory.cleanUp() }
    let path = directory.file("leaky.jsonl.gz")
    try FixtureRewriterTests.write(path)
    #expect(chmod(path, mode_t(mode)) == 0)
    #expect(try FixtureRewriter.redact(path: path).rewritten)
    var status = stat()
    #expect(stat(path, &status) == 0)
    #expect(Int(status.st_mode & 0o7777) == mode)
  }

  @Test("stopping at any record leaves the fixture byte-identical and no temporary file", arguments: 1...4)
  func stopLeavesFixture(after calls: Int) throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-redact")
    defer { directory.cleanUp() }
    let path = directory.file("leaky.jsonl.gz")
    try FixtureRewriterTests.write(path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    var asked = 0
    do {
      _ = try FixtureRewriter.redact(path: path) {
        asked += 1
        return asked >= calls
      }
      Issue.record("the rewrite was not stopped")
    } catch {
      #expect(error.code == .cancelled)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["leaky.jsonl.gz"])
  }
}
