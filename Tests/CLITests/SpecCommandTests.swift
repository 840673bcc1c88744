import Foundation
import TestSupport
import Testing

/// `run --spec`, `replay`, `verify` and `feeds --spec` end to end, with a spec written for a
/// backend the project has never seen (`tools/tracker-server.py`, an issue tracker).
@Suite("tableflow run --spec")
struct SpecCommandTests {
  static let trackerSpec = """
    {
      "tableflow-spec": 1,
      "name": "tracker",
      "summary": "A project's issues and their comments",
      "entry": "issues",
      "screens": {
        "issues": {
          "parameters": { "project": { "default": "demo" } },
          "requests": {
            "main": {
              "path": "/projects/${params.project}/issues",
              "query": { "page": "${page.number}", "per_page": "10" },
              "records": "/data/issues",
              "pagination": { "style": "page", "limit": "10" }
            }
          },
          "sections": [
            {
              "id": "issues", "header": "Issues of ${params.project}", "footer": "${section.loaded} loaded",
              "records": "main",
              "rows": [
                { "kind": "issue", "id": "issue-${item.number}", "when": { "path": "item.state", "equals": "open" },
                  "fields": { "title": "${item.title}", "labels": "${item.labels[*].name | join(', ')}",
                    "assignee": "${item.assignee.login ?? 'nobody'}" },
                  "height": { "lines": [ { "text": "${item.title}", "font": 17, "maxLines": 2 } ] },
                  "select": { "push": "comments", "parameters": {
                    "project": "${params.project}", "number": "${item.number}", "title": "${item.title}" } } },
                { "kind": "closedIssue", "id": "issue-${item.number}", "when": { "path": "item.state", "equals": "closed" },
                  "fields": { "title": "${item.title ?? '(untitled)'}" }, "height": 30 }
              ]
            }
          ]
        },
        "comments": {
          "parameters": { "project": { "required": true }, "number": { "required": true }, "title": { "required": true } },
          "requests": { "main": { "path": "/projects/${params.project}/issues/${params.number}/comments", "records": "/comments" } },
          "sections": [
            { "id": "issue", "header": "#${params.number}", "rows": [
              { "kind": "title", "id": "title", "fields": { "text": "${params.title}" } } ] },
            { "id": "comments", "header": "Comments", "records": "main", "rows": [
              { "kind": "comment", "id": "comment-${item.id}", "fields": { "author": "${item.author}", "body": "${item.body}" },
                "height": { "lines": [ { "text": "${item.body}", "font": 15 } ] } } ] }
          ]
        }
      }
    }
    """

  static let intents = """
    load
    load-more issues
    load-more issues
    select issue-1
    back
    refresh
    """

  @Test("a spec for a new backend records live, replays and verifies byte for byte")
  func recordReplayVerify() throws {
    let server = try APIServer(script: "tools/tracker-server.py")
    defer { server.stop() }
    let session = try RecordedSpecSession(
      spec: Self.trackerSpec, named: "tracker.tableflow.json", intents: Self.intents, server: server)
    defer { session.cleanUp() }
    let (live, spec, fixture) = (session.live, session.spec, session.fixture)
    #expect(live.status == 0, "\(live.stderr)")
    #expect(live.stderr.isEmpty)
    // Three pages (10, 10, 7): the third ends the list, so no load-more row after it.
    #expect(live.stdout.contains("GET /projects/demo/issues?page=3&per_page=10 → 200"))
    #expect(live.stdout.contains(#"labels="feature, ui" assignee="dev1""#))
    #expect(live.stdout.contains(#"assignee="nobody""#))
    // Issue 5 has a null title: its placeholder row, the rest of the page shows.
    #expect(
      live.stdout.contains(
        #"tableflow.invalid issues-invalid-0-4  path="data.issues[4].title" reason="expected String, found null""#
      ))
    #expect(live.stdout.contains("push comments (from issues)"))
    #expect(live.stdout.contains(#"comment comment-101  author="dev1" body="Comment 1 on #1""#))

    let header = try CLIProcess.run(["inspect", fixture]).stdout
    #expect(header.contains("  spec     \(spec) (sha256 "), "\(header)")

    let replay = try session.replay()
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stderr.isEmpty)
    #expect(replay.stdout == live.stdout)

    let verify = try session.verify()
    #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")

    // A changed spec still replays, and says it changed.
    try Data((Self.trackerSpec + "\n").utf8).write(to: URL(fileURLWithPath: spec))
    let changed = try CLIProcess.run(["replay", fixture])
    #expect(changed.stdout == live.stdout)
    #expect(changed.stderr.contains("warning: \(fixture): recorded from spec \(spec)"), "\(changed.stderr)")
    #expect(changed.stderr.contains("has changed since"))
  }

  @Test("a spec with problems fails before any request: one line each, exit 65")
  func badSpec() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let spec = folder.file("bad.tableflow.json")
    let text = Self.trackerSpec.replacingOccurrences(of: #""kind": "comment""#, with: #""knd": "comment""#)
    try Data(text.utf8).write(to: URL(fileURLWithPath: spec))
    // The base URL is never contacted: nothing listens there.
    let run = try CLIProcess.run(["run", "--spec", spec, "--live", "http://127.0.0.1:9"])
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.split(separator: "\n") == [
        "tableflow: unknown key 'knd' (expected: kind, id, when, fields, height, select, actions, edit, toggle) (\(spec) at $.screens.comments.sections[1].rows[0].knd)",
        "tableflow: missing key 'kind' (\(spec) at $.screens.comments.sections[1].rows[0])",
      ])
    let missing = try CLIProcess.run(["run", "--spec", folder.file("none.tableflow.json"), "--fixture", "x"])
    #expect(missing.status == 66)
  }

  @Test("feeds --spec lists the spec's feed and screens")
  func feedsSpec() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let spec = folder.file("tracker.tableflow.json")
    try Data(Self.trackerSpec.utf8).write(to: URL(fileURLWithPath: spec))
    let feeds = try CLIProcess.run(["feeds", "--spec", spec])
    #expect(feeds.status == 0)
    #expect(
      feeds.stdout == """
        tracker  A project's issues and their comments
                 screens: issues, comments

        """)
  }

  @Test("the books spec prints the books session's golden log, byte for byte")
  func booksSpec() throws {
    let root = APIServer.packageRoot
    let run = try CLIProcess.run([
      "run", "--spec", root.appendingPathComponent("Examples/Specs/books.tableflow.json").path, "--fixture",
      root.appendingPathComponent("Fixtures/books/session.jsonl.gz").path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let golden = try String(
      contentsOf: root.appendingPathComponent("Fixtures/books/session.log"), encoding: .utf8)
    #expect(run.stdout == golden)
  }

  @Test("spec check reports what each prototype made of recorded answers, and the placeholder rows")
  func specCheck() throws {
    let root = APIServer.packageRoot
    let spec = root.appendingPathComponent("Examples/Specs/books.tableflow.json").path
    let clean = try CLIProcess.run(["spec", "check", spec])
    #expect(clean.status == 0)
    #expect(clean.stdout == "\(spec): ok, feed books, screens books, detail, reviews\n")
    let fixture = root.appendingPathComponent("Fixtures/books/bad-item.jsonl.gz").path
    let check = try CLIProcess.run(["spec", "check", spec, fixture])
    #expect(check.status == 1, "\(check.stderr)")
    let lines = check.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("books: bookInfo in sections[0] wish made 17 rows"), "\(lines)")
    #expect(lines.contains("detail: not shown by these fixtures"))
    #expect(lines.contains("reviews: not shown by these fixtures"))
    let session = try CLIProcess.run([
      "spec", "check", spec, root.appendingPathComponent("Fixtures/books/session.jsonl.gz").path,
    ])
    #expect(session.status == 0, "\(session.stdout)")
    #expect(session.stdout.contains("reviews: message (empty row) in sections[1] reviews not needed\n"))
    #expect(
      lines.contains(
        #"books: invalid row book-invalid-wish-0-2: path="collections[2].book.title" reason="expected String, found null""#
      ))
  }

  @Test("spec init drafts a spec from a sample answer that loads and finds the records")
  func specInit() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let sample = folder.file("issues.json")
    try Data(
      #"{"meta":{"page":1},"data":{"issues":[{"number":1,"title":"One","state":"open","labels":[]},{"number":2,"title":"Two","state":"closed","labels":[]}]}}"#
        .utf8
    ).write(to: URL(fileURLWithPath: sample))
    let draft = try CLIProcess.run(["spec", "init", sample, "--path", "/projects/demo/issues"])
    #expect(draft.status == 0, "\(draft.stderr)")
    #expect(draft.stdout.contains(#""records": "/data/issues""#))
    #expect(draft.stdout.contains(#""id": "item-${item.number}""#))
    #expect(draft.stdout.contains(#""title": "${item.title}", "state": "${item.state}""#))
    let spec = folder.file("issues.tableflow.json")
    try Data(draft.stdout.utf8).write(to: URL(fileURLWithPath: spec))
    let check = try CLIProcess.run(["spec", "check", spec])
    #expect(check.status == 0, "\(check.stderr)")
    let bad = try CLIProcess.run(["spec", "init", folder.file("none.json")])
    #expect(bad.status == 66)
  }
}
