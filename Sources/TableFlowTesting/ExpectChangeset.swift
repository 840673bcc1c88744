import TableCore
import TableFlow

/// Checks that `changeset` takes a table showing `old` to `new` under UIKit's batch-update
/// rules, applying it stage by stage to a `HeadlessTable`.
///
/// Fails the calling test (XCTest or Swift Testing, whichever runs it) naming the stage UIKit
/// would reject (the one that would raise `NSInternalInconsistencyException` on a device), or
/// the first section or row where the result differs from `new`.
/// - Returns: whether the changeset passed.
@discardableResult
public func expectChangeset(
  _ changeset: StagedChangeset, from old: TableSnapshot, to new: TableSnapshot,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> Bool {
  check(
    changeset, from: old, to: new,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

private func check(
  _ changeset: StagedChangeset, from old: TableSnapshot, to new: TableSnapshot, at site: CallSite
) -> Bool {
  var table = HeadlessTable(old)
  do {
    try table.apply(changeset)
  } catch {
    site.fail("UIKit would reject the changeset: \(error)")
    return false
  }
  guard let difference = firstDifference(table.snapshot, new) else { return true }
  site.fail("the changeset applied to the old snapshot does not give the new one: \(difference)")
  return false
}

/// Checks every update of a session against a `HeadlessTable` per screen instance, as an
/// app's table would receive them: a screen's first update, and an update without stages
/// (a screen revealed by `back`), reload the table; every other update's changeset must take
/// the table from what it showed to the update's snapshot.
/// - Returns: whether every update passed.
@discardableResult
public func expectUpdates(
  _ updates: some Sequence<PresentedUpdate>, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  var tables: [ScreenRef: TableSnapshot] = [:]
  var passed = true
  for update in updates {
    if let shown = tables[update.screen], !update.changeset.stages.isEmpty {
      passed =
        check(update.changeset, from: shown, to: update.snapshot, at: site) && passed
    }
    tables[update.screen] = update.snapshot
  }
  return passed
}

/// The first section or row where `actual` differs from `expected`, described.
private func firstDifference(_ actual: TableSnapshot, _ expected: TableSnapshot) -> String? {
  if actual == expected { return nil }
  let actualSections = actual.sections
  let expectedSections = expected.sections
  for index in 0..<max(actualSections.count, expectedSections.count) {
    guard index < actualSections.count, index < expectedSections.count else {
      return "section count \(actualSections.count), expected \(expectedSections.count)"
    }
    let got = actualSections[index]
    let want = expectedSections[index]
    if got == want { continue }
    guard got.id == want.id, got.rows.count == want.rows.count else {
      return
        "section \(index): \(got.id) with \(got.rows.count) rows, expected \(want.id) with \(want.rows.count)"
    }
    for row in got.rows.indices where got.rows[row] != want.rows[row] {
      return "row \(index).\(row): \(got.rows[row].id), expected \(want.rows[row].id) (or its content)"
    }
    return "section \(index) (\(want.id)): header, footer, style or collapsed state"
  }
  return "the snapshots differ"
}
