/// Computes the staged changeset between two snapshots (see ``TableSnapshot/difference(from:)``).
///
/// Stages, each one valid `performBatchUpdates` call, each dropped when empty:
/// 1. updates: rows that stay in a kept section and show other content are reconfigured (same
///    kind) or reloaded (kind changed), at their old positions;
/// 2. deletes: sections deleted, sections reloaded (arriving with their final rows), rows
///    deleted from kept sections (gone, or going to a section that is inserted or reloaded);
/// 3. sections: sections inserted (with their final rows) and moved;
/// 4. rows: rows inserted into kept sections, rows moved within and across kept sections.
///
/// A row is "live" when both its old and its new section are kept: it is never deleted and
/// inserted, only moved (or left in place). Within a section, the live rows on a longest
/// increasing subsequence of their old order stay put; the others move. Sections likewise.
struct SnapshotDiffer {
  let old: [Section]
  let new: [Section]
  let sections: SectionMatching
  let rows: RowMatching
  let oldOffsets: [Int]
  let newOffsets: [Int]
  /// For each old row (flat index), its section.
  let oldSectionOfRow: [Int]
  /// For each new row (flat index), its section.
  let newSectionOfRow: [Int]

  init(old: TableSnapshot, new: TableSnapshot) {
    self.old = old.sections
    self.new = new.sections
    sections = SectionMatching(old: old.sections, new: new.sections)
    (oldOffsets, oldSectionOfRow) = Self.offsets(of: old.sections)
    (newOffsets, newSectionOfRow) = Self.offsets(of: new.sections)
    rows = RowMatching(
      old: old.sections, new: new.sections, oldOffsets: oldOffsets, newOffsets: newOffsets,
      newToOldSection: sections.newToOld)
  }

  private static func offsets(of sections: [Section]) -> (offsets: [Int], sectionOfRow: [Int]) {
    var offsets = [Int]()
    offsets.reserveCapacity(sections.count + 1)
    var total = 0
    for section in sections {
      offsets.append(total)
      total += section.rows.count
    }
    offsets.append(total)
    var sectionOfRow = [Int](repeating: 0, count: total)
    for index in sections.indices {
      for flat in offsets[index]..<offsets[index + 1] { sectionOfRow[flat] = index }
    }
    return (offsets, sectionOfRow)
  }

  /// Whether the old row (flat index) is matched to a new row and both sections are kept.
  private func isLive(oldRow flat: Int) -> Bool {
    let newFlat = rows.oldToNew[flat]
    return newFlat >= 0 && sections.oldFate[oldSectionOfRow[flat]] == .kept
      && sections.newFate[newSectionOfRow[newFlat]] == .kept
  }

  /// The stages; the last one carries `final` as its snapshot.
  func stages(final: TableSnapshot) -> [ChangesetStage] {
    var updates = ChangesetStage()
    let afterUpdates = updateStage(into: &updates)
    var deletes = ChangesetStage()
    var rowIndexAfterDeletes = [Int](repeating: -1, count: rows.oldToNew.count)
    var sectionIndexAfterDeletes = [Int](repeating: -1, count: old.count)
    let afterDeletes = deleteStage(
      from: afterUpdates, into: &deletes, rowIndex: &rowIndexAfterDeletes,
      sectionIndex: &sectionIndexAfterDeletes)
    var sectionChanges = ChangesetStage()
    let afterSections = sectionStage(
      from: afterDeletes, sectionIndex: sectionIndexAfterDeletes, into: &sectionChanges)
    var rowChanges = ChangesetStage()
    rowStage(rowIndex: rowIndexAfterDeletes, into: &rowChanges)
    updates.snapshot = TableSnapshot(uncheckedSections: afterUpdates)
    deletes.snapshot = TableSnapshot(uncheckedSections: afterDeletes)
    sectionChanges.snapshot = TableSnapshot(uncheckedSections: afterSections)
    rowChanges.snapshot = final
    var stages = [updates, deletes, sectionChanges, rowChanges].filter { !$0.isEmpty }
    if !stages.isEmpty { stages[stages.count - 1].snapshot = final }
    return stages
  }

  /// Stage 1: content updates of live rows at their old positions.
  private func updateStage(into stage: inout ChangesetStage) -> [Section] {
    var result = old
    for sectionIndex in old.indices where sections.oldFate[sectionIndex] == .kept {
      let oldRows = old[sectionIndex].rows
      var updatedRows: [Row] = []
      var changed = false
      let base = oldOffsets[sectionIndex]
      for rowIndex in oldRows.indices {
        let flat = base + rowIndex
        guard isLive(oldRow: flat) else { continue }
        let newFlat = rows.oldToNew[flat]
        let newSection = newSectionOfRow[newFlat]
        let newRow = new[newSection].rows[newFlat - newOffsets[newSection]]
        let oldRow = oldRows[rowIndex]
        if oldRow.hasSameContent(as: newRow) { continue }
        let position = RowPosition(section: sectionIndex, row: rowIndex)
        if oldRow.kind == newRow.kind {
          stage.rowReconfigures.append(position)
        } else {
          stage.rowReloads.append(position)
        }
        if !changed {
          updatedRows = oldRows
          changed = true
        }
        updatedRows[rowIndex] = newRow
      }
      if changed { result[sectionIndex] = old[sectionIndex].replacingRows(updatedRows) }
    }
    return result
  }

  /// Stage 2: section deletes and reloads, row deletes from kept sections.
  private func deleteStage(
    from current: [Section], into stage: inout ChangesetStage, rowIndex: inout [Int],
    sectionIndex: inout [Int]
  ) -> [Section] {
    var result: [Section] = []
    result.reserveCapacity(current.count)
    for index in current.indices {
      switch sections.oldFate[index] {
      case .unmatched:
        stage.sectionDeletes.append(index)
        continue
      case .reloaded:
        stage.sectionReloads.append(index)
        sectionIndex[index] = result.count
        result.append(new[sections.oldToNew[index]])
        continue
      case .kept:
        sectionIndex[index] = result.count
      }
      let currentRows = current[index].rows
      let base = oldOffsets[index]
      var next = 0
      for row in currentRows.indices {
        if isLive(oldRow: base + row) {
          rowIndex[base + row] = next
          next += 1
        } else {
          stage.rowDeletes.append(RowPosition(section: index, row: row))
        }
      }
      if next == currentRows.count {
        result.append(current[index])
      } else {
        var remaining: [Row] = []
        remaining.reserveCapacity(next)
        for row in currentRows.indices where rowIndex[base + row] >= 0 {
          remaining.append(currentRows[row])
        }
        result.append(current[index].replacingRows(remaining))
      }
    }
    return result
  }

  /// Stage 3: sections inserted, and surviving sections off the longest increasing
  /// subsequence moved.
  private func sectionStage(
    from current: [Section], sectionIndex: [Int], into stage: inout ChangesetStage
  ) -> [Section] {
    var result: [Section] = []
    result.reserveCapacity(new.count)
    var sources: [Int] = []
    var targets: [Int] = []
    for index in new.indices {
      let oldIndex = sections.newToOld[index]
      if oldIndex < 0 {
        stage.sectionInserts.append(index)
        result.append(new[index])
      } else {
        let source = sectionIndex[oldIndex]
        sources.append(source)
        targets.append(index)
        result.append(current[source])
      }
    }
    let staying = LongestIncreasingSubsequence.mask(sources)
    for index in sources.indices where !staying[index] {
      stage.sectionMoves.append(Move(from: sources[index], to: targets[index]))
    }
    return result
  }

  /// Stage 4: rows inserted into kept sections; live rows moved within and across them.
  private func rowStage(rowIndex: [Int], into stage: inout ChangesetStage) {
    var sources: [Int] = []
    var targets: [Int] = []
    for index in new.indices where sections.newFate[index] == .kept {
      let home = sections.newToOld[index]
      let base = newOffsets[index]
      sources.removeAll(keepingCapacity: true)
      targets.removeAll(keepingCapacity: true)
      var moves: [Move<RowPosition>] = []
      for row in new[index].rows.indices {
        let oldFlat = rows.newToOld[base + row]
        let to = RowPosition(section: index, row: row)
        guard oldFlat >= 0 && sections.oldFate[oldSectionOfRow[oldFlat]] == .kept else {
          stage.rowInserts.append(to)
          continue
        }
        let oldSection = oldSectionOfRow[oldFlat]
        if oldSection == home {
          sources.append(rowIndex[oldFlat])
          targets.append(row)
        } else {
          let from = RowPosition(section: sections.oldToNew[oldSection], row: rowIndex[oldFlat])
          moves.append(Move(from: from, to: to))
        }
      }
      let staying = LongestIncreasingSubsequence.mask(sources)
      for item in sources.indices where !staying[item] {
        moves.append(
          Move(
            from: RowPosition(section: index, row: sources[item]),
            to: RowPosition(section: index, row: targets[item])))
      }
      moves.sort { $0.to < $1.to }
      stage.rowMoves.append(contentsOf: moves)
    }
  }
}
