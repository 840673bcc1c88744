import Foundation
import TestSupport
import Testing

@testable import CLIKit

/// Seed B's adapter events (`willDisplay` / `didUpdate`, the `cellsUpdated` event) in the logs:
/// the text log with `--full`, every jsonl log, and the viewer's steps. The providers session
/// (seed B's feed) pins them in `Tests/Golden/providers-full.log`.
@Suite("Cell events in the logs", .timeLimit(.minutes(5)))
struct CellEventLogTests {
  static let fixture = APIServer.packageRoot.appendingPathComponent("Fixtures/providers/session.jsonl.gz")
    .path

  @Test("replay --full of the providers session prints its cell events; it matches the golden")
  func fullTextLog() async throws {
    let run = await ViewCommandTests.run(["replay", Self.fixture, "--full"])
    #expect(run.code == .success, "\(run.err)")
    #expect(run.out.contains("\n  willDisplay 0.0 "))
    if let mismatch = try GoldenFile.mismatch(run.out, golden: "providers-full.log") {
      Issue.record(Comment(rawValue: mismatch))
    }
  }

  @Test("the default text log leaves cell events out, so goldens grow with changes only")
  func defaultTextLog() async {
    let run = await ViewCommandTests.run(["replay", Self.fixture])
    #expect(run.code == .success, "\(run.err)")
    #expect(!run.out.contains("willDisplay") && !run.out.contains("didUpdate"))
  }

  @Test("every presented snapshot of the jsonl log is followed by its cells line")
  func jsonLines() async throws {
    let run = await ViewCommandTests.run(["replay", Self.fixture, "--format", "jsonl"])
    #expect(run.code == .success, "\(run.err)")
    let lines = run.out.split(separator: "\n").map(String.init)
    let cells = lines.filter { $0.contains(#""event":"cells""#) }
    #expect(!cells.isEmpty)
    for (index, line) in lines.enumerated() where line.contains(#""event":"cells""#) {
      #expect(index > 0 && lines[index - 1].contains(#""event":"snapshot""#), "\(line)")
    }
    let first = try #require(cells.first)
    #expect(first.hasPrefix(#"{"cells":[{"event":"willDisplay","kind":"#), "\(first)")
    #expect(first.contains(#""position":[0,0],"row":"#))
    // The viewer reads the jsonl log back and shows the same cells as a note on each step.
    let page = await ViewCommandTests.run(["view", Self.fixture])
    #expect(page.out.contains(#"["note","cells: "#))
  }
}
