import TableCore
import TableFlow
import Testing

/// The change note's example (for the README and DocC), compiled and run.
private struct IssueList: Decodable, Hashable, Sendable {
  struct Issue: Decodable, Hashable, Sendable {
    let number: Int
    var title: String
  }

  var issues: [Issue]
}

private struct IssueCell: CellModel {
  let title: String
  init(_ issue: IssueList.Issue) { title = issue.title }
  var fields: [Field] { [Field("title", .text(title))] }
  var height: Double { 44 }
}

private struct IssuesScreen: Screen {
  var name: String { "issues" }

  func sections(for state: ScreenState<IssueList>) throws -> [Section] {
    guard let list = state.model else { return [] }
    let rows = state.rows("issues", of: list.issues) { issue in
      Row(id: RowID("issue-\(issue.number)"), kind: "issue", model: IssueCell(issue))
    }
    return [Section(id: "issues", header: "\(list.issues.count) issues", rows: rows)]
  }
}

@Suite("Memoised rows: the documented example")
struct RowMemoDocExampleTests {
  @Test("a changed issue builds one row; the others are the rows built before")
  func reusesRows() throws {
    let screen = IssuesScreen()
    let before = IssueList(issues: (1...5).map { IssueList.Issue(number: $0, title: "Issue \($0)") })
    var state = ScreenState(pages: ["main": [before]])
    let first = try screen.sections(for: state)[0].rows
    var after = before
    after.issues[2].title = "Issue 3 (edited)"
    state.pages["main"] = [after]
    let second = try screen.sections(for: state)[0].rows
    #expect(second.map(\.id) == first.map(\.id))
    #expect(second[2].model.as(IssueCell.self)?.title == "Issue 3 (edited)")
    // The unchanged rows are the very rows of the first build: the diff compares them by storage.
    let changed = second.indices.filter { !(second[$0] == first[$0]) }
    #expect(changed == [2])
  }
}
