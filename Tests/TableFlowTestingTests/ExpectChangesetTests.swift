import TableCore
import TableFlow
import TableFlowTesting
import Testing

@Suite("expectChangeset and expectUpdates")
struct ExpectChangesetTests {
  struct Cell: CellModel {
    let text: String
    var fields: [Field] { [Field("text", .text(text))] }
    var height: Double { 44 }
  }

  static func snapshot(_ ids: [String]) throws -> TableSnapshot {
    TableSnapshot(uncheckedSections: [
      Section(id: "s", rows: ids.map { Row(id: RowID($0), kind: "cell", model: Cell(text: $0)) })
    ])
  }

  @Test("the staged diff passes; a changeset UIKit would reject or that ends elsewhere fails")
  func changesets() throws {
    let old = try Self.snapshot(["a", "b", "c"])
    let new = try Self.snapshot(["c", "a", "d"])
    #expect(expectChangeset(new.difference(from: old), from: old, to: new))
    withKnownIssue {
      // The diff towards another snapshot applies cleanly but ends elsewhere.
      let other = try Self.snapshot(["c", "a"])
      #expect(!expectChangeset(other.difference(from: old), from: old, to: new))
    }
    withKnownIssue {
      // Inserting a row into a section that has 3 rows and no room at index 7: UIKit raises.
      var stage = ChangesetStage()
      stage.snapshot = new
      stage.rowInserts = [RowPosition(section: 0, row: 7)]
      #expect(!expectChangeset(StagedChangeset(stages: [stage]), from: old, to: new))
    }
  }
}
