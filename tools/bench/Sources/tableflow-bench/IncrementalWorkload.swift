import Foundation
import TableCore
import TableFlow

/// The decoded answer of an issue tracker's list endpoint.
struct IssueList: Codable, Hashable, Sendable {
  struct Issue: Codable, Hashable, Sendable {
    let number: Int
    var title: String
    let author: String
    let comments: Int
  }

  var open: Int
  var closed: Int
  var issues: [Issue]

  static func make(count: Int, from first: Int = 1) -> IssueList {
    IssueList(
      open: count, closed: 0,
      issues: (first..<(first + count)).map {
        Issue(number: $0, title: "Issue number \($0)", author: "user\($0 % 37)", comments: $0 % 11)
      })
  }

  /// `list` encoded as JSON and decoded with the package's decoder sharing `shared`'s strings.
  static func decoded(_ list: IssueList, sharing shared: JSONDecoding.SharedStrings) -> IssueList {
    guard let body = try? JSONEncoder().encode(list),
      let decoded = try? JSONDecoding.tableFlow.decode(
        IssueList.self, from: Array(body), sharingStringsWith: shared)
    else { return list }
    return decoded
  }

  /// The same list with every string in storage of its own, as decoding a fresh response
  /// makes it: equal values that share nothing with this one.
  var fresh: IssueList {
    func copy(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }
    return IssueList(
      open: open, closed: closed,
      issues: issues.map {
        Issue(number: $0.number, title: copy($0.title), author: copy($0.author), comments: $0.comments)
      })
  }
}

/// One issue a row.
struct IssueCell: CellModel {
  let title: String
  let author: String
  let comments: Int

  init(_ issue: IssueList.Issue) {
    title = issue.title
    author = issue.author
    comments = issue.comments
  }

  var fields: [Field] {
    [Field("title", .text(title)), Field("author", .text(author)), Field("comments", .integer(comments))]
  }
  var height: Double { 56 }
}

/// One count a row.
struct CountCell: CellModel {
  let label: String
  let value: Int
  var fields: [Field] { [Field("label", .text(label)), Field("value", .integer(value))] }
  var height: Double { 44 }
}

/// The screen a feed written from the README would have: a summary and the issues, each
/// issue's row memoised (``ScreenState/rows(_:of:row:)``).
struct IssuesScreen: Screen {
  var name: String { "issues" }

  func sections(for state: ScreenState<IssueList>) throws -> [Section] {
    guard let list = state.model else { return [] }
    return Self.sections(of: list, rows: state.rows("issues", of: list.issues, row: Self.row))
  }

  static func row(_ issue: IssueList.Issue) -> Row {
    Row(id: RowID("issue-\(issue.number)"), kind: "issue", model: IssueCell(issue))
  }

  /// The same sections with every row built again: what `sections(for:)` written without
  /// the memo gives, the path before it.
  static func rebuiltSections(of list: IssueList) -> [Section] {
    sections(of: list, rows: list.issues.map(row))
  }

  static func sections(of list: IssueList, rows: [Row]) -> [Section] {
    let summary = [
      Row(id: "open", kind: "count", model: CountCell(label: "Open", value: list.issues.count)),
      Row(id: "closed", kind: "count", model: CountCell(label: "Closed", value: list.closed)),
      Row(
        id: "total", kind: "count", model: CountCell(label: "Total", value: list.issues.count + list.closed)),
    ]
    return [
      Section(id: "summary", header: "Summary", rows: summary),
      Section(id: "issues", header: "\(list.issues.count) issues", rows: rows),
    ]
  }
}

/// A paginated list of issues, one page a response, in one section: each page's rows
/// memoised (``ScreenState/rows(_:ofPages:build:)``).
struct PagedIssuesScreen: Screen {
  var name: String { "paged-issues" }

  func sections(for state: ScreenState<IssueList>) throws -> [Section] {
    let pages = state.pages(in: "main").map(\.issues)
    let rows = state.rows("issues", ofPages: pages) { _, issue, rows in rows.append(IssuesScreen.row(issue)) }
    return [Section(id: "issues", header: "Issues", rows: rows)]
  }

  /// The same section with every row built again.
  static func rebuiltSections(of pages: [IssueList]) -> [Section] {
    [Section(id: "issues", header: "Issues", rows: pages.flatMap(\.issues).map(IssuesScreen.row))]
  }

  /// The load-more row the transform stage appends to a section with pages left (the same
  /// kind, id and text as the pipeline's).
  static let loadMore = Row(
    id: "tableflow.load-more.issues", kind: "tableflow.loadMore",
    model: FieldsModel(fields: [Field("text", .text("Load more"))], height: 44))
}
