import Foundation
import TableCore
import TableFlow
import Testing

@testable import Feeds

/// `groupBy`: one section per distinct value of a record field, in the order the spec gives,
/// with header templates over the group; and `when` on sections and requests.
@Suite("Spec groupBy and when")
struct SpecGroupingTests {
  /// A spec of one screen whose `issues` request's records are grouped by `state`.
  static func spec(groupBy: String, id: String = "${group.key}", extra: String = "") -> String {
    """
    { "tableflow-spec": 1, "name": "tracker", "screens": { "issues": {
      "parameters": { "layout": { "default": "grouped", "values": ["grouped", "flat"] } },
      "requests": { "main": { "path": "/issues", "records": "/issues" } },
      "sections": [
        { "id": "\(id)", "records": "main", "header": "${group.title} (${group.count})", "groupBy": \(groupBy),
          "when": { "path": "params.layout", "equals": "grouped" }\(extra),
          "rows": [ { "kind": "issue", "id": "issue-${item.id}", "fields": { "title": "${item.title}" } } ] },
        { "id": "all", "records": "main", "when": { "path": "params.layout", "equals": "flat" },
          "rows": [ { "kind": "issue", "id": "issue-${item.id}", "fields": { "title": "${item.title}" } } ] }
      ] } } }
    """
  }

  static let answer = """
    { "issues": [ { "id": 1, "title": "a" }, { "id": 2, "state": "open", "title": "b" },
      { "id": 3, "state": "closed", "title": "c" }, { "id": 4, "state": "wontfix", "title": "d" },
      { "id": 5, "state": "open", "title": "e" }, { "id": 6, "title": "f" }, { "id": 7, "state": "blocked", "title": "g" } ] }
    """

  /// The sections' ids, headers and row ids for `answer` through the spec.
  static func layout(
    _ spec: String, parameters: FeedParameters = [:]
  ) throws -> [String] {
    let feed = try SpecFeed(json: Array(spec.utf8), file: "tracker.tableflow.json")
    let screen = try #require(try feed.rootScreen(parameters: parameters) as? SpecScreen)
    let state = ScreenState(pages: ["main": [try screen.decode(Array(answer.utf8))]])
    return try screen.sections(for: state).map { section in
      "\(section.id.rawValue) \(section.header ?? "-"): "
        + section.rows.map(\.id.rawValue).joined(separator: " ")
    }
  }

  @Test(
    "groups listed in 'order' come first, the others in order of appearance; keyless records join the group before them"
  )
  func listedOrder() throws {
    let spec = Self.spec(
      groupBy: #"{ "key": "${item.state}", "order": ["closed", "open"], "titles": { "open": "Open" } }"#)
    let sections = try Self.layout(spec)
    #expect(
      sections == [
        // Issue 1 has no state and comes before any that has one: the first group listed.
        "closed closed (2): issue-1 issue-3",
        // Issue 6 has no state: it joins issue 5's group, the record before it.
        "open Open (3): issue-2 issue-5 issue-6",
        "wontfix wontfix (1): issue-4",
        "blocked blocked (1): issue-7",
      ])
  }

  @Test("groups sorted by key, ascending or descending", arguments: ["ascending", "descending"])
  func sortedOrder(_ order: String) throws {
    let spec = Self.spec(groupBy: #"{ "key": "${item.state ?? 'none'}", "order": "\#(order)" }"#)
    let keys = try Self.layout(spec).map { String($0.prefix { $0 != " " }) }
    let ascending = ["blocked", "closed", "none", "open", "wontfix"]
    #expect(keys == (order == "ascending" ? ascending : ascending.reversed()))
  }

  @Test("a section's 'when' over the parameters chooses the layout")
  func whenChoosesLayout() throws {
    let flat = try Self.layout(
      Self.spec(groupBy: #"{ "key": "${item.state ?? 'none'}" }"#), parameters: ["layout": "flat"])
    #expect(flat == ["all -: issue-1 issue-2 issue-3 issue-4 issue-5 issue-6 issue-7"])
  }

  @Test(
    "groupBy and when problems are one line each, naming the spec's JSON path",
    arguments: [
      (
        Self.spec(groupBy: #"{ "key": "${item.state}", "oder": [] }"#),
        "unknown key 'oder' (expected: key, order, titles) (tracker.tableflow.json at $.screens.issues.sections[0].groupBy.oder)"
      ),
      (
        Self.spec(groupBy: #"{ "order": "appearance" }"#),
        "missing key 'key' (the field to group by, such as \"${item.status}\") (tracker.tableflow.json at $.screens.issues.sections[0].groupBy)"
      ),
      (
        Self.spec(groupBy: #"{ "key": "${item.state}", "order": "random" }"#),
        "unknown order 'random' (expected: appearance, ascending, descending, or a list of keys) (tracker.tableflow.json at $.screens.issues.sections[0].groupBy.order)"
      ),
      (
        Self.spec(groupBy: #"{ "key": "${item.state}", "order": ["open", "open"] }"#),
        "key 'open' is listed twice (tracker.tableflow.json at $.screens.issues.sections[0].groupBy.order[1])"
      ),
      (
        Self.spec(groupBy: #"{ "key": "${itm.state}" }"#),
        "unknown variable 'itm' (known here: item, params, position) (tracker.tableflow.json at $.screens.issues.sections[0].groupBy.key)"
      ),
      (
        Self.spec(groupBy: #"{ "key": "${item.state}" }"#, id: "issues"),
        "a grouped section's id reads ${group.key}, so that each group's section has its own (tracker.tableflow.json at $.screens.issues.sections[0].id)"
      ),
      (
        Self.spec(groupBy: #"{ "key": "${item.state}" }"#, id: "${group.name}"),
        "a grouped section's id reads ${group.key}, so that each group's section has its own (tracker.tableflow.json at $.screens.issues.sections[0].id)"
      ),
      (
        Self.spec(
          groupBy: #"{ "key": "${item.state}" }"#,
          extra: #", "empty": { "kind": "message", "id": "none" }"#),
        "'empty' is for a section without 'groupBy' (a grouped section shows no groups instead) (tracker.tableflow.json at $.screens.issues.sections[0].empty)"
      ),
      (
        Self.spec(groupBy: #"{ "key": "${item.state}" }"#).replacingOccurrences(
          of: #""path": "params.layout", "equals": "grouped""#,
          with: #""path": "params.layot", "equals": "grouped""#),
        "unknown parameter 'params.layot' (parameters of this screen: layout) (tracker.tableflow.json at $.screens.issues.sections[0].when.path)"
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

  @Test("a section's 'when' chooses the requests too: a request whose 'when' does not match is not sent")
  func requestWhen() throws {
    let spec = """
      { "tableflow-spec": 1, "name": "tracker", "screens": { "issues": {
        "parameters": { "closed": { "default": "no", "values": ["yes", "no"] } },
        "requests": {
          "open": { "path": "/issues/open", "records": "/issues" },
          "closed": { "path": "/issues/closed", "records": "/issues", "when": { "path": "params.closed", "equals": "yes" } }
        },
        "sections": [ { "id": "open", "records": "open", "rows": [ { "kind": "issue", "id": "issue-${item.id}" } ] } ]
      } } }
      """
    let feed = try SpecFeed(json: Array(spec.utf8), file: "tracker.tableflow.json")
    for (closed, paths) in [("no", ["/issues/open"]), ("yes", ["/issues/open", "/issues/closed"])] {
      let screen = try #require(try feed.rootScreen(parameters: ["closed": closed]) as? SpecScreen)
      let sent = screen.requests(for: .initial, state: ScreenState()).map(\.request.path)
      #expect(sent == paths)
    }
  }

  @Test("a grouped section's records that make more groups than the cap are an error, not a million sections")
  func groupCap() throws {
    let grouping = SpecGrouping(
      key: try SpecTemplate("${item.id}", roots: [.item]), first: [], order: .appearance, titles: [:],
      id: try SpecTemplate("${group.key}", roots: [.group]))
    let records = (0...SpecGrouping.maximumGroups).map {
      SpecRecord(index: $0, value: .object([SpecMember("id", .integer($0))]), base: [])
    }
    #expect(throws: SpecAnswerError.self) {
      try grouping.groups(of: [records], scope: SpecScope(params: [:]))
    }
    let fewer = try grouping.groups(of: [Array(records.dropLast())], scope: SpecScope(params: [:]))
    #expect(fewer.count == SpecGrouping.maximumGroups)
  }
}
