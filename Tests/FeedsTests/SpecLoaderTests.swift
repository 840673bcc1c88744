import Feeds
import Foundation
import TableFlow
import TestSupport
import Testing

/// A spec is checked when it loads: each problem one line, cause first, naming the file and
/// the spec's JSON path.
@Suite("Spec loader")
struct SpecLoaderTests {
  /// A small valid spec; `screen` replaces the `repos` screen's JSON when given.
  static func spec(repos screen: String? = nil, extra: String = "") -> String {
    let repos =
      screen ?? """
        {
          "parameters": { "owner": { "default": "apple" } },
          "requests": { "main": { "path": "/users/${params.owner}/repos", "records": "/items" } },
          "sections": [ { "id": "repos", "records": "main", "rows": [
            { "kind": "repo", "id": "repo-${item.id}", "fields": { "name": "${item.name}" } } ] } ]
        }
        """
    return """
      { "tableflow-spec": 1, "name": "repos", "entry": "repos", "screens": { "repos": \(repos)\(extra) } }
      """
  }

  static func issues(_ text: String) -> [String] {
    do {
      _ = try SpecFeed(json: Array(text.utf8), file: "repos.tableflow.json")
      return []
    } catch {
      return error.lines
    }
  }

  @Test(
    "an issue stays one line when the spec's keys or the file name hold line breaks (found by the loader fuzz)"
  )
  func issuesAreOneLine() throws {
    let text = #"{ "tableflow-spec": 1, "a\nb": 1, "a\nb": 2 }"#
    do {
      _ = try SpecFeed(json: Array(text.utf8), file: "two\nlines.json")
      Issue.record("a spec with a duplicate key loaded")
    } catch {
      #expect(error.issues.first?.cause.contains("\n") == true)  // the cause keeps the key as it is
      #expect(
        error.lines == [
          #"invalid JSON: duplicate key "a\nb" in one object (byte 34) (two\nlines.json at $)"#
        ])
    }
  }

  @Test("a valid spec loads, its screens listed entry first")
  func validSpec() throws {
    let feed = try SpecFeed(json: Array(Self.spec().utf8), file: "repos.tableflow.json")
    #expect(feed.name == "repos")
    #expect(feed.screenNames == ["repos"])
    #expect(feed.contentHash.count == 64)
  }

  @Test(
    "each problem is one line: cause first, then the file and the JSON path",
    arguments: [
      (
        #"{ "kind": "repo", "idd": "x", "id": "r" }"#,
        "unknown key 'idd' (expected: kind, id, when, fields, height, select, actions, edit, toggle) (repos.tableflow.json at $.screens.repos.sections[0].rows[0].idd)"
      ),
      (
        #"{ "kind": "repo", "id": "repo-${itme.id}" }"#,
        "unknown variable 'itme' (known here: item, params, position) (repos.tableflow.json at $.screens.repos.sections[0].rows[0].id)"
      ),
      (
        #"{ "kind": "repo", "id": "repo-${params.ownr}" }"#,
        "unknown parameter 'params.ownr' (parameters of this screen: owner) (repos.tableflow.json at $.screens.repos.sections[0].rows[0].id)"
      ),
      (
        #"{ "kind": "repo" }"#,
        "missing key 'id' (a row's identity; diffs go by it) (repos.tableflow.json at $.screens.repos.sections[0].rows[0])"
      ),
      (
        #"{ "kind": "repo", "id": "${item.id", "fields": {} }"#,
        "unterminated '${' in '${item.id' (repos.tableflow.json at $.screens.repos.sections[0].rows[0].id)"
      ),
      (
        #"{ "kind": "repo", "id": "r-${item.id}", "select": { "push": "nowhere" } }"#,
        "route to a missing screen 'nowhere' (repos.tableflow.json at $.screens.repos.sections[0].rows[0].select.push)"
      ),
      (
        #"{ "kind": "repo", "id": "r-${item.id | upper}" }"#,
        "unknown filter 'upper' (known: join, number, date, count) (repos.tableflow.json at $.screens.repos.sections[0].rows[0].id)"
      ),
    ])
  func rowProblems(_ row: String, _ expected: String) {
    let screen = """
      { "parameters": { "owner": {} },
        "requests": { "main": { "path": "/users/${params.owner}/repos", "records": "/items" } },
        "sections": [ { "id": "repos", "records": "main", "rows": [ \(row) ] } ] }
      """
    #expect(Self.issues(Self.spec(repos: screen)) == [expected])
  }

  @Test("a request path is relative to the base URL and holds no query or dot segments")
  func requestPaths() {
    for path in ["https://evil.example/x", "//evil.example/x", "/a/../b", "/a?x=1"] {
      let screen = """
        { "requests": { "main": { "path": "\(path)" } }, "sections": [] }
        """
      let lines = Self.issues(Self.spec(repos: screen))
      #expect(lines.count == 1, "\(path)")
      #expect(lines.first?.hasSuffix("(repos.tableflow.json at $.screens.repos.requests.main.path)") == true)
    }
  }

  @Test("a cycle of pushes between static screens is refused")
  func staticCycle() {
    let screens = """
      { "sections": [ { "id": "a", "rows": [ { "kind": "link", "id": "to-b", "select": { "push": "b" } } ] } ] },
        "b": { "sections": [ { "id": "b", "rows": [ { "kind": "link", "id": "to-a", "select": { "push": "repos" } } ] } ] }
      """
    let lines = Self.issues(Self.spec(repos: screens))
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("static push cycle: ") == true)
  }

  @Test("a push must give the target's required parameters and no unknown ones")
  func pushParameters() {
    let screens = """
      { "sections": [ { "id": "a", "rows": [ { "kind": "link", "id": "to-b",
          "select": { "push": "b", "parameters": { "colour": "red" } } } ] } ] },
        "b": { "parameters": { "id": { "required": true } }, "sections": [] }
      """
    #expect(
      Self.issues(Self.spec(repos: screens)) == [
        "screen 'b' has no parameter 'colour' (repos.tableflow.json at $.screens.repos.sections[0].rows[0].select.push)",
        "the push to 'b' does not give its required parameter 'id' (repos.tableflow.json at $.screens.repos.sections[0].rows[0].select.push)",
      ])
  }

  @Test("the version, the name and the screens are required")
  func topLevel() {
    #expect(
      Self.issues(#"{ "name": "x", "screens": { "a": { "sections": [] } } }"#) == [
        "missing key 'tableflow-spec' (a spec starts with \"tableflow-spec\": 1) (repos.tableflow.json at $)"
      ])
    #expect(
      Self.issues(#"{ "tableflow-spec": 2, "name": "x", "screens": { "a": { "sections": [] } } }"#) == [
        "unsupported spec version 2 (this TableFlow reads 1) (repos.tableflow.json at $.tableflow-spec)"
      ])
    #expect(
      Self.issues("[1, 2") == ["invalid JSON: unexpected end of input (byte 5) (repos.tableflow.json at $)"])
  }

  @Test("hostile specs end in one clear error: nesting 10,000 deep, a template of 10,000 '${'")
  func hostile() {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    let lines = Self.issues(deep)
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("invalid JSON: ") == true)
    let template = String(repeating: "${", count: 10_000)
    let screen = """
      { "sections": [ { "id": "a", "rows": [ { "kind": "k", "id": "\(template)" } ] } ] }
      """
    #expect(Self.issues(Self.spec(repos: screen)).count == 1)
  }

  @Test("a spec file over 4 MiB is refused unread")
  func hugeFile() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let path = folder.file("huge.tableflow.json")
    #expect(
      FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x20, count: (4 << 20) + 1)))
    do {
      _ = try SpecFeed(contentsOf: path)
      Issue.record("a huge spec loaded")
    } catch {
      #expect(error.lines == ["spec is \((4 << 20) + 1) bytes, over the limit of \(4 << 20) (\(path) at $)"])
    }
  }

  @Test("the feed's parameters are checked like a Swift feed's")
  func parameters() throws {
    let feed = try SpecFeed(json: Array(Self.spec().utf8), file: "repos.tableflow.json")
    #expect(throws: FeedError("repos: unknown parameter 'ownr' (known: owner)")) {
      try feed.rootScreen(parameters: ["ownr": "x"])
    }
    #expect(try feed.rootScreen(parameters: ["owner": "swiftlang"]).name == "repos")
  }
}
