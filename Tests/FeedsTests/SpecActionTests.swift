import Foundation
import TableCore
import TableFlow
import Testing

@testable import Feeds

/// Spec actions (`action ROW_ID NAME`): a request from the row's record, with a `move` or a
/// `set` made at once (the pipeline takes it back if the request fails); typed, optional fields.
@Suite("Spec actions")
struct SpecActionTests {
  /// Two sections of issues by state; `actions` and `rows` are spliced in.
  static func spec(actions: String, rowActions: String = #"["close", "star"]"#) -> String {
    """
    { "tableflow-spec": 1, "name": "tracker", "screens": { "issues": {
      "actions": \(actions),
      "requests": {
        "open": { "path": "/issues", "query": { "state": "open" }, "records": "/issues", "pagination": { "total": "/total" } },
        "closed": { "path": "/issues", "query": { "state": "closed" }, "records": "/issues", "pagination": { "total": "/total" } }
      },
      "prototypes": { "issue": { "kind": "issue", "id": "issue-${item.id}", "actions": \(rowActions),
        "fields": { "title": "${item.title}", "starred": { "value": "${item.starred}", "type": "bool", "optional": true } } } },
      "sections": [
        { "id": "open", "records": "open", "footer": "${section.total} open", "hideWhenEmpty": true, "rows": ["issue"] },
        { "id": "closed", "records": "closed", "footer": "${section.total} closed", "hideWhenEmpty": true, "rows": ["issue"] }
      ] } } }
    """
  }

  static let actions = """
    { "close": { "path": "/issues/${item.id}/close", "body": "{}", "move": "closed" },
      "star": { "method": "PUT", "path": "/issues/${item.id}/star", "set": { "starred": true } } }
    """

  static func screen(_ text: String = spec(actions: actions)) throws -> SpecScreen {
    let feed = try SpecFeed(json: Array(text.utf8), file: "tracker.tableflow.json")
    return try #require(try feed.rootScreen(parameters: [:]) as? SpecScreen)
  }

  static func state(_ screen: SpecScreen) throws -> ScreenState<SpecDocument> {
    let open = #"{ "total": 2, "issues": [ { "id": 1, "title": "a" }, { "id": 2, "title": "b" } ] }"#
    let closed = #"{ "total": 1, "issues": [ { "id": 3, "title": "c" } ] }"#
    return ScreenState(pages: [
      "open": [try screen.decode(Array(open.utf8))], "closed": [try screen.decode(Array(closed.utf8))],
    ])
  }

  static func layout(_ sections: [Section]) -> [String] {
    sections.map { section in
      "\(section.id.rawValue) [\(section.footer ?? "-")]: "
        + section.rows.map { row in
          ([row.id.rawValue] + row.model.fields.map { "\($0.name)=\($0.value)" }).joined(separator: " ")
        }.joined(separator: ", ")
    }
  }

  @Test("a move is presented at once: the record's rows lead the target section, both totals follow")
  func move() throws {
    let screen = try Self.screen()
    var state = try Self.state(screen)
    let row = try #require(try screen.sections(for: state).first?.rows.first)
    guard case .change(let change, let request?)? = screen.route(action: "close", in: row, state: state)
    else {
      Issue.record("expected a change with a request")
      return
    }
    #expect(request.request.method == "POST")
    #expect(request.request.path == "/issues/1/close")
    #expect(request.request.body == Array("{}".utf8))
    #expect(change.value == "closed")
    state.changes = [change]
    #expect(
      Self.layout(try screen.sections(for: state)) == [
        #"open [1 open]: issue-2 title="b""#,
        #"closed [2 closed]: issue-1 title="a", issue-3 title="c""#,
      ])
    // The other issue too: the open section is empty and hides.
    let second = try #require(try screen.sections(for: state).first?.rows.first)
    guard case .change(let next, _)? = screen.route(action: "close", in: second, state: state) else {
      Issue.record("expected a change")
      return
    }
    state.changes.append(next)
    #expect(
      Self.layout(try screen.sections(for: state)) == [
        #"closed [3 closed]: issue-2 title="b", issue-1 title="a", issue-3 title="c""#
      ])
  }

  @Test("a set changes the record's members: an optional typed field appears in its row")
  func set() throws {
    let screen = try Self.screen()
    var state = try Self.state(screen)
    let row = try #require(try screen.sections(for: state).last?.rows.first)
    guard case .change(let change, let request?)? = screen.route(action: "star", in: row, state: state) else {
      Issue.record("expected a change with a request")
      return
    }
    #expect(request.request.method == "PUT")
    #expect(request.request.body == nil)
    state.changes = [change]
    #expect(
      Self.layout(try screen.sections(for: state)) == [
        #"open [2 open]: issue-1 title="a", issue-2 title="b""#,
        #"closed [1 closed]: issue-3 title="c" starred=true"#,
      ])
  }

  @Test("a row without the action, or an unknown action, routes nowhere (a data failure)")
  func noAction() throws {
    let screen = try Self.screen(Self.spec(actions: Self.actions, rowActions: #"["star"]"#))
    let state = try Self.state(screen)
    let row = try #require(try screen.sections(for: state).first?.rows.first)
    #expect(screen.route(action: "close", in: row, state: state) == nil)
    #expect(screen.route(action: "nosuch", in: row, state: state) == nil)
    #expect(screen.route(action: "star", in: row, state: state) != nil)
  }

  @Test(
    "action problems are one line each, naming the spec's JSON path",
    arguments: [
      (
        Self.spec(actions: Self.actions, rowActions: #"["close", "reopen"]"#),
        "no action 'reopen' in this screen's 'actions' (known: close, star) (tracker.tableflow.json at $.screens.issues.prototypes.issue.actions[1])"
      ),
      (
        Self.spec(
          actions:
            #"{ "close": { "path": "/issues/${item.id}/close", "mvoe": "closed" }, "star": { "path": "/s" } }"#
        ),
        "unknown key 'mvoe' (expected: method, path, query, headers, body, move, set) (tracker.tableflow.json at $.screens.issues.actions.close.mvoe)"
      ),
      (
        Self.spec(
          actions:
            #"{ "close": { "path": "/issues/${item.id}/close", "move": "done" }, "star": { "path": "/s" } }"#),
        "no section 'done' made from records to move to (sections: open, closed) (tracker.tableflow.json at $.screens.issues.actions.close.move)"
      ),
      (
        Self.spec(actions: #"{ "close": { "path": "/issues/${itme.id}/close" }, "star": { "path": "/s" } }"#),
        "unknown variable 'itme' (known here: item, params, position) (tracker.tableflow.json at $.screens.issues.actions.close.path)"
      ),
      (
        Self.spec(actions: #"{ "close": { "move": "closed" }, "star": { "path": "/s" } }"#),
        "missing key 'path' (the request the action sends) (tracker.tableflow.json at $.screens.issues.actions.close)"
      ),
      (
        Self.spec(
          actions: #"{ "close": { "path": "https://elsewhere.example/x" }, "star": { "path": "/s" } }"#),
        "a request path starts with one '/' and is relative to the base URL (tracker.tableflow.json at $.screens.issues.actions.close.path)"
      ),
      (
        Self.spec(
          actions:
            #"{ "close": { "path": "/c", "move": "closed", "set": { "a": 1 } }, "star": { "path": "/s" } }"#),
        "an action makes one change: 'move' or 'set', not both (tracker.tableflow.json at $.screens.issues.actions.close)"
      ),
      (
        Self.spec(actions: Self.actions).replacingOccurrences(
          of: #""type": "bool""#, with: #""type": "flag""#),
        "unknown type 'flag' (expected: text, bool, integer, number) (tracker.tableflow.json at $.screens.issues.prototypes.issue.fields.starred.type)"
      ),
    ])
  func problems(_ spec: String, _ expected: String) {
    var lines: [String] = []
    do {
      _ = try SpecFeed(json: Array(spec.utf8), file: "tracker.tableflow.json")
    } catch {
      lines = error.lines
    }
    #expect(lines == [expected])
  }

  @Test(
    "a typed field whose text is not of its type makes the record's placeholder row; an optional one is left out"
  )
  func typedFields() throws {
    let field = SpecField(name: "count", value: try SpecTemplate("${item.n}", roots: [.item]), kind: .integer)
    var scope = SpecScope(params: [:])
    scope.item = .object([SpecMember("n", .string("12"))])
    #expect(try field.value(in: scope) == .integer(12))
    scope.item = .object([SpecMember("n", .string("twelve"))])
    #expect(throws: SpecBindingFailure.self) { try field.value(in: scope) }
  }
}
