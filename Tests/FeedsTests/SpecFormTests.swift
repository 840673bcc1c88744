import Foundation
import TableCore
import TableFlow
import Testing

@testable import Feeds

/// Spec forms (seed C): rows with `edit` and `toggle`, validation rules, a secure field, and a
/// submit that posts the values as a JSON body.
@Suite("Spec forms")
struct SpecFormTests {
  static func spec(
    rules: String =
      #"[ { "required": true, "message": "name?" }, { "minLength": 3, "message": "short" }, { "pattern": "[a-z]+", "message": "lowercase" } ]"#,
    extra: String = ""
  ) -> String {
    """
    { "tableflow-spec": 1, "name": "form", "screens": { "join": {
      "requests": { "join": { "path": "/join", "submit": true, "form": ["name", "secret", "news"] }\(extra) },
      "sections": [ { "id": "form", "rows": [
        { "kind": "text", "id": "name", "edit": { "name": "name", "rules": \(rules) }, "fields": { "value": "${form.name}" } },
        { "kind": "text", "id": "secret", "edit": { "name": "secret", "secure": true }, "fields": { "value": "${form.secret}" } },
        { "kind": "switch", "id": "news", "toggle": { "name": "news", "initial": "true" },
          "fields": { "on": { "value": "${form.news}", "type": "bool" } } },
        { "kind": "problem", "id": "problem", "when": { "path": "form.problem", "exists": true }, "fields": { "text": "${form.problem}" } },
        { "kind": "button", "id": "send", "fields": { "enabled": { "value": "${form.valid}", "type": "bool" } },
          "select": { "submit": "join" } }
      ] } ] } } }
    """
  }

  static func screen(_ text: String = spec()) throws -> SpecScreen {
    let feed = try SpecFeed(json: Array(text.utf8), file: "form.tableflow.json")
    return try #require(try feed.rootScreen(parameters: [:]) as? SpecScreen)
  }

  static func rows(_ screen: SpecScreen, _ state: ScreenState<SpecDocument>) throws -> [String] {
    try screen.sections(for: state).flatMap(\.rows).map { row in
      ([row.id.rawValue] + row.model.fields.map { "\($0.name)=\($0.value)" }).joined(separator: " ")
    }
  }

  @Test(
    "rules are checked in order as the user types: the first that fails is form.problem; the button follows")
  func validation() throws {
    let screen = try Self.screen()
    var state = ScreenState<SpecDocument>()
    #expect(try Self.rows(screen, state).contains(#"problem text="name?""#))
    #expect(try Self.rows(screen, state).contains("send enabled=false"))
    for (typed, problem) in [("  ", "name?"), ("ab", "short"), ("ABC", "lowercase"), ("abc", nil)] {
      state.texts["name"] = typed
      let rows = try Self.rows(screen, state)
      #expect(rows.contains { $0.hasPrefix("problem ") } == (problem != nil), "\(typed)")
      if let problem { #expect(rows.contains(#"problem text="\#(problem)""#)) }
      #expect(rows.contains("send enabled=\(problem == nil)"))
    }
  }

  @Test("a secure field shows a mask; the submit posts every value, typed, keys sorted, as JSON")
  func submit() throws {
    let screen = try Self.screen()
    var state = ScreenState<SpecDocument>()
    let send = try #require(try screen.sections(for: state).flatMap(\.rows).last)
    guard case .none = screen.route(send, state: state) else {
      Issue.record("an invalid form sends nothing")
      return
    }
    state.texts = ["name": "abc", "secret": "p/\"w"]
    state.switches = ["news": false]
    #expect(try Self.rows(screen, state).contains(#"secret value="••••""#))
    #expect(try Self.rows(screen, state).contains("news on=false"))
    guard case .send(let request) = screen.route(send, state: state) else {
      Issue.record("a valid form sends its request")
      return
    }
    #expect(request.request.path == "/join")
    #expect(request.request.method == "GET")
    #expect(
      request.request.body.map { String(decoding: $0, as: UTF8.self) }
        == #"{"name":"abc","news":false,"secret":"p\/\"w"}"#)
    let rows = try screen.sections(for: state).flatMap(\.rows)
    #expect(screen.field(rows[0], state: state) == .text(isSecure: false))
    #expect(screen.field(rows[1], state: state) == .text(isSecure: true))
    #expect(screen.field(rows[2], state: state) == .toggle(isOn: false))
    #expect(screen.field(rows[3], state: state) == nil)
    #expect(screen.requests(for: .initial, state: state).isEmpty)
  }

  @Test(
    "form problems are one line each, naming the spec's JSON path",
    arguments: [
      (
        Self.spec(rules: #"[ { "required": true } ]"#),
        "missing key 'message' (what form.problem says while it fails) (form.tableflow.json at $.screens.join.sections[0].rows[0].edit.rules[0])"
      ),
      (
        Self.spec(rules: #"[ { "pattern": "([a-z", "message": "x" } ]"#),
        "not a regular expression"
      ),
      (
        Self.spec(rules: #"[ { "minLength": 2, "pattern": "a", "message": "x" } ]"#),
        "a rule has one of 'required', 'minLength' or 'pattern' (form.tableflow.json at $.screens.join.sections[0].rows[0].edit.rules[0])"
      ),
      (
        Self.spec().replacingOccurrences(of: #""submit": "join""#, with: #""submit": "leave""#),
        "no submit request 'leave' in this screen (submit requests: join) (form.tableflow.json at $.screens.join.sections[0].rows[4].select.submit)"
      ),
      (
        Self.spec().replacingOccurrences(of: #"["name", "secret", "news"]"#, with: #"["name", "age"]"#),
        "no form field 'age' in this screen (fields: name, secret, news) (form.tableflow.json at $.screens.join.requests.join.form[1])"
      ),
      (
        Self.spec().replacingOccurrences(
          of: #""edit": { "name": "secret", "secure": true }"#,
          with: #""edit": { "name": "secret", "secrue": true }"#),
        "unknown key 'secrue' (expected: name, secure, initial, rules) (form.tableflow.json at $.screens.join.sections[0].rows[1].edit.secrue)"
      ),
      (
        Self.spec().replacingOccurrences(of: "${form.problem}", with: "${form.problme}"),
        "unknown form value 'form.problme' (form values of this screen: name, secret, news, valid, problem) (form.tableflow.json at $.screens.join.sections[0].rows[3].fields.text)"
      ),
    ])
  func problems(_ spec: String, _ expected: String) {
    var lines: [String] = []
    do {
      _ = try SpecFeed(json: Array(spec.utf8), file: "form.tableflow.json")
    } catch {
      lines = error.lines
    }
    if expected.hasSuffix(")") {
      #expect(lines == [expected])
    } else {
      #expect(lines.count == 1 && lines[0].hasPrefix(expected), "\(lines)")
    }
  }
}
