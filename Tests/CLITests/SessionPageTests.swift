import Foundation
import TableCore
import TableFlowViewer
import TestSupport
import Testing

@testable import CLIKit

/// The page model of `tableflow view`: what each step shows.
@Suite("Session page model", .timeLimit(.minutes(5)))
struct SessionPageTests {
  static let replayer = ReplayCommand(runner: SessionRunner(feeds: Tableflow.builtinFeeds))

  static func fixture(_ name: String) -> String {
    APIServer.packageRoot.appendingPathComponent("Fixtures/\(name).jsonl.gz").path
  }

  static func page(_ path: String) async throws -> SessionPage {
    let io = CommandIO(out: MemorySink(), err: MemorySink())
    return try await ViewCommand.page(of: path, replayer: replayer, io: io).0
  }

  /// A jsonl log of `snapshots` (one screen, versions counting from 1), each a list of
  /// `(row id, title)` in one section.
  static func log(_ snapshots: [[(String, String)]]) -> String {
    var lines = [#"{"event":"intent","intent":"load","screen":"s"}"#]
    for (index, rows) in snapshots.enumerated() {
      let section = Section(
        id: "main", header: "Main",
        rows: rows.map {
          Row(
            id: RowID($0.0), kind: "item",
            model: FieldsModel(fields: [Field("title", .text($0.1))], height: 44))
        })
      let snapshot = TableSnapshot(uncheckedSections: [section])
      lines.append(
        JSONValue.object([
          "event": .string("snapshot"), "screen": .string("s"), "version": .integer(index + 1),
          "snapshot": JSONValue(snapshot), "changeset": .object(["stages": .array([])]),
        ]).text)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test("the books session: one step per presented update, what led to it, stages only for updates")
  func booksSteps() async throws {
    let page = try await Self.page(Self.fixture("books/session"))
    #expect(
      page.steps.map(\.screen) == [
        "books", "books", "books", "books", "reviews", "reviews", "books", "detail", "books", "books",
        "books",
      ])
    #expect(
      page.steps.map(\.kind) == [
        .first, .update, .update, .update, .first, .update, .back, .first, .back, .update, .update,
      ])
    #expect(page.steps[0].timeline == [.intent("load"), .note("cells: 1 willDisplay")])
    #expect(page.steps[0].stages.isEmpty && page.steps[0].previous == .empty)

    let loaded = page.steps[1]
    let requests = loaded.timeline.compactMap { entry -> (Int, Double?)? in
      if case .request(_, _, let status, _, let ms) = entry { (status, ms) } else { nil }
    }
    #expect(requests.count == 3)
    #expect(requests.allSatisfy { $0.0 == 200 && ($0.1 ?? 0) > 0 })  // recorded latencies
    #expect(loaded.stages.map { $0.sections.map(\.kind) } == [[.delete], [.insert, .insert, .insert]])
    #expect(loaded.stages[0].sections[0].id == "tableflow.status")

    // load-more: the load-more row shows its loading state at once, the page arrives after.
    let loading = page.steps[2]
    #expect(
      loading.timeline == [.intent("load-more wish"), .note("cells: 1 didUpdate (0.40 tableflow.more.wish)")])
    #expect(loading.stages.flatMap(\.rows).contains { $0.id == "tableflow.more.wish" })
    let more = page.steps[3]
    #expect(more.timeline.count == 2)
    let inserts = more.stages.flatMap(\.rows).filter { $0.kind == .insert }
    #expect(inserts.count >= 40 && inserts.allSatisfy { $0.after != nil && $0.to != nil })
    #expect(more.previous == loading.snapshot)

    let back = page.steps[6]
    #expect(back.timeline.contains(.navigation("back to books (from reviews)")))
    #expect(back.snapshot == more.snapshot && back.stages.isEmpty)
    #expect(page.steps.allSatisfy { step in step.stages.last.map { $0.after == step.snapshot } ?? true })
  }

  @Test("a jsonl log draws the same steps as its fixture; only the latencies are unknown")
  func logMatchesFixture() async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-view-tests")
    defer { folder.cleanUp() }
    for name in ["books/session", "profile/session", "signin/wrong-password"] {
      let out = MemorySink()
      let code = await Tableflow.main(
        ["replay", Self.fixture(name), "--format", "jsonl"], io: CommandIO(out: out, err: MemorySink()))
      #expect(code == .success || name.contains("wrong"))
      let log = folder.file(name.replacingOccurrences(of: "/", with: "-") + ".jsonl")
      try Data(out.text.utf8).write(to: URL(fileURLWithPath: log))
      let fromFixture = try await Self.page(Self.fixture(name))
      let fromLog = try await Self.page(log)
      func shape(_ page: SessionPage) -> [String] {
        page.steps.map { step in
          let timeline = step.timeline.map { entry -> String in
            if case .request(let method, let url, let status, let bytes, _) = entry {
              return "\(method) \(url) \(status) \(bytes)"
            }
            return "\(entry)"
          }
          // A jsonl log sorts a row's fields by name; a fixture keeps them in declaration order.
          let stages = step.stages.map { stage in
            (stage.sections.map { "\($0.kind) \($0.id?.rawValue ?? "?") \($0.from ?? -1) \($0.to ?? -1)" }
              + stage.rows.map { "\($0.kind) \($0.id?.rawValue ?? "?") \($0.changedFields.sorted())" })
          }
          return
            "\(step.screen) v\(step.version) \(step.kind) \(JSONValue(step.snapshot).text) \(timeline) \(stages)"
        }
      }
      #expect(shape(fromLog) == shape(fromFixture), "\(name)")
      #expect(fromLog.trailing.count == fromFixture.trailing.count)
    }
  }

  @Test("a reconfigured row names its changed fields, before and after")
  func reconfigured() async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-view-tests")
    defer { folder.cleanUp() }
    let log = folder.file("s.jsonl")
    try Data(Self.log([[("a", "A"), ("b", "B")], [("b", "B!"), ("a", "A"), ("c", "C")]]).utf8)
      .write(to: URL(fileURLWithPath: log))
    let page = try await Self.page(log)
    #expect(page.steps.map(\.kind) == [.first, .update])
    let changes = page.steps[1].stages.flatMap(\.rows)
    let reconfigured = try #require(changes.first { $0.kind == .reconfigure })
    #expect(reconfigured.id == "b" && reconfigured.changedFields == ["title"])
    #expect(reconfigured.before?.fields == [Field("title", .text("B"))])
    #expect(reconfigured.after?.fields == [Field("title", .text("B!"))])
    #expect(changes.contains { $0.kind == .insert && $0.id == "c" })
    #expect(changes.contains { $0.kind == .move })
    let data = PageData.json(for: page).text
    #expect(data.contains(#"["reconfigure","b",[0,1],"#))
    #expect(data.contains(#",["title"]]"#))
  }

  @Test("strings from the data cannot close the script element they are stored in")
  func scriptSafe() async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-view-tests")
    defer { folder.cleanUp() }
    let log = folder.file("s.jsonl")
    try Data(Self.log([[("x", "</script><script>alert(1)</script><!--")]]).utf8).write(
      to: URL(fileURLWithPath: log))
    let html = try await Self.page(log).html()
    #expect(!html.contains("</script><script>alert"))
    #expect(html.contains(#"<\/script><script>alert(1)<\/script>\u003c!--"#))
  }
}
