/// Computes the staged changeset between two snapshots (see ``TableSnapshot/difference(from:)``).
///
/// Stages, each one valid `performBatchUpdates` call, each dropped when empty:
/// 1. removals and updates, at pre-stage positions: sections deleted, sections reloaded
///    (arriving with their final rows), rows deleted from kept sections (gone, or going to a
///    section that is inserted or reloaded), and rows that stay in kept sections but show
///    other content reconfigured (same kind) or reloaded (kind changed);
/// 2. sections: sections inserted (with their final rows) and moved;
/// 3. rows: rows inserted into kept sections, rows moved within and across kept sections.
///
/// Kept sections whose header or footer changed are section updates of the last stage, at
/// their final indexes (a stage of their own when nothing else changed); until then the
/// intermediate tables show their old titles.
///
/// A reloaded or reconfigured row is never moved in the same stage: moves come last.
///
/// A row is "live" when both its old and its new section are kept: it is never deleted and
/// inserted, only moved (or left in place). Within a section, the live rows on a longest
/// increasing subsequence of their old order stay put; the others move. Sections likewise.
///
/// Only the rows between the common prefix and suffix of each kept section (its window, see
/// ``RowWindows``) are matched, hashed and ordered; the rows around it are live and stay put,
/// and cost one comparison of ids and one of content each. The intermediate snapshots the
/// stages carry are built only for stages that are not the last one, and a section that the
/// later stages leave alone is taken from the new snapshot rather than rebuilt.
struct SnapshotDiffer {
  let old: [Section]
  let new: [Section]
  let sections: SectionMatching
  let windows: RowWindows
  let rows: RowMatching
  /// The rows of each new section.
  let newRows: [[Row]]

  init(old: TableSnapshot, new: TableSnapshot) {
    self.old = old.sections
    self.new = new.sections
    sections = SectionMatching(old: old.sections, new: new.sections)
    windows = RowWindows(old: old.sections, new: new.sections, sections: sections)
    newRows = new.sections.map(\.rows)
    rows = RowMatching(old: old.sections, new: new.sections, windows: windows, sections: sections)
  }

  /// A live row whose content changed: its old position and where its new content is.
  struct Update {
    let row: Int
    let newSection: Int
    let newIndex: Int
  }

  /// What stage 1 leaves, for building the table after it.
  struct Removals {
    /// For each old compact row, its row index after stage 1, or -1 when deleted.
    var rowIndex: [Int]
    /// For each old section, its index after stage 1, or -1 when deleted.
    var sectionIndex: [Int]
    /// For each old section, the number of its rows deleted.
    var deleted: [Int]
    /// The updated rows, by old section then row.
    var updates: [Update] = []
    /// For each old section, where its updates start in `updates`; then the total.
    var updateStart: [Int] = []
  }

  /// The stages; the last one carries `final` as its snapshot.
  func stages(final: TableSnapshot) -> [ChangesetStage] {
    var removals = ChangesetStage()
    let removed = removalStage(into: &removals)
    var sectionChanges = ChangesetStage()
    sectionStage(removed: removed, into: &sectionChanges)
    var rowChanges = ChangesetStage()
    let touched = rowStage(removed: removed, into: &rowChanges)
    let lastStage = [removals, sectionChanges, rowChanges].lastIndex { !$0.isEmpty }
    if !removals.isEmpty {
      removals.snapshot =
        lastStage == 0
        ? final : TableSnapshot(uncheckedSections: tableAfterRemovals(removed, touched: touched))
    }
    if !sectionChanges.isEmpty {
      sectionChanges.snapshot =
        lastStage == 1
        ? final : TableSnapshot(uncheckedSections: tableAfterSections(removed, touched: touched))
    }
    rowChanges.snapshot = final
    var stages = [removals, sectionChanges, rowChanges].filter { !$0.isEmpty }
    if !sections.titleUpdates.isEmpty {
      if stages.isEmpty {
        var updates = ChangesetStage()
        updates.snapshot = final
        stages.append(updates)
      }
      stages[stages.count - 1].sectionUpdates = sections.titleUpdates
    }
    return stages
  }

  // MARK: Stage 1

  /// Stage 1, all at pre-stage positions: sections deleted, sections reloaded (with their
  /// final rows), rows deleted from kept sections, and live rows whose content changed
  /// reconfigured (same kind) or reloaded (kind changed).
  private func removalStage(into stage: inout ChangesetStage) -> Removals {
    var removed = Removals(
      rowIndex: [Int](repeating: -1, count: windows.oldOffsets[old.count]),
      sectionIndex: [Int](repeating: -1, count: old.count),
      deleted: [Int](repeating: 0, count: old.count))
    removed.updateStart.reserveCapacity(old.count + 1)
    var next = 0
    removed.rowIndex.withUnsafeMutableBufferPointer { rowIndex in
      for index in old.indices {
        removed.updateStart.append(removed.updates.count)
        switch sections.oldFate[index] {
        case .unmatched:
          stage.sectionDeletes.append(index)
        case .reloaded:
          stage.sectionReloads.append(index)
          removed.sectionIndex[index] = next
          next += 1
        case .kept:
          removed.sectionIndex[index] = next
          next += 1
          guard !windows.sharesRows[index] else { continue }
          removed.deleted[index] = keptSection(
            at: index, into: &stage, rowIndex: rowIndex, updates: &removed.updates)
        }
      }
    }
    removed.updateStart.append(removed.updates.count)
    return removed
  }

  /// Walks the kept old section at `index`: its common prefix, its window, its common suffix.
  /// Notes deletes and updates, and the row index after stage 1 of each live window row.
  ///
  /// - Returns: The number of rows deleted.
  private func keptSection(
    at index: Int, into stage: inout ChangesetStage, rowIndex: UnsafeMutableBufferPointer<Int>,
    updates: inout [Update]
  ) -> Int {
    let home = sections.oldToNew[index]
    let start = windows.oldStart[index]
    let length = windows.oldLength(index)
    let base = windows.oldOffsets[index]
    var deleted = 0
    old[index].rows.withUnsafeBufferPointer { oldRows in
      newRows[home].withUnsafeBufferPointer { homeRows in
        let shift = homeRows.count - oldRows.count  // where a common-suffix row is now
        func compare(_ row: Int, newSection: Int, newIndex: Int, _ newRow: Row) {
          if oldRows[row].hasSameDigest(as: newRow) { return }
          let position = RowPosition(section: index, row: row)
          if oldRows[row].kind == newRow.kind {
            stage.rowReconfigures.append(position)
          } else {
            stage.rowReloads.append(position)
          }
          updates.append(Update(row: row, newSection: newSection, newIndex: newIndex))
        }
        let changed = windows.changedRows[
          windows.changedOffsets[index]..<windows.changedOffsets[index + 1]]
        var nextChanged = changed.startIndex
        // The common prefix: only its rows found changed while trimming.
        while nextChanged < changed.endIndex && changed[nextChanged] < start {
          let row = changed[nextChanged]
          compare(row, newSection: home, newIndex: row, homeRows[row])
          nextChanged += 1
        }
        // The new section of the last window row looked up: compact rows sectionStart..<End.
        var sectionStart = 0
        var sectionEnd = 0
        var sectionKept = false
        var section = -1
        var next = start
        rows.oldToNew.withUnsafeBufferPointer { oldToNew in
          for offset in 0..<length {
            let row = start + offset
            let newCompact = oldToNew[base + offset]
            if newCompact >= 0 && (newCompact < sectionStart || newCompact >= sectionEnd) {
              section = RowWindows.section(of: newCompact, offsets: windows.newOffsets)
              sectionStart = windows.newOffsets[section]
              sectionEnd = windows.newOffsets[section + 1]
              sectionKept = sections.newFate[section] == .kept
            }
            guard newCompact >= 0 && sectionKept else {
              stage.rowDeletes.append(RowPosition(section: index, row: row))
              deleted += 1
              continue
            }
            rowIndex[base + offset] = next
            next += 1
            let newIndex = windows.newStart[section] + newCompact - sectionStart
            compare(row, newSection: section, newIndex: newIndex, newRows[section][newIndex])
          }
        }
        // The common suffix, likewise.
        for row in changed[nextChanged...] {
          compare(row, newSection: home, newIndex: row + shift, homeRows[row + shift])
        }
      }
    }
    return deleted
  }

  // MARK: Stage 2

  /// Stage 2: sections inserted, and surviving sections off the longest increasing
  /// subsequence moved.
  private func sectionStage(removed: Removals, into stage: inout ChangesetStage) {
    var sources: [Int] = []
    var targets: [Int] = []
    for index in new.indices {
      let oldIndex = sections.newToOld[index]
      if oldIndex < 0 {
        stage.sectionInserts.append(index)
      } else {
        sources.append(removed.sectionIndex[oldIndex])
        targets.append(index)
      }
    }
    let staying = LongestIncreasingSubsequence.mask(sources)
    for index in sources.indices where !staying[index] {
      stage.sectionMoves.append(Move(from: sources[index], to: targets[index]))
    }
  }

  // MARK: Stage 3

  /// Stage 3: rows inserted into kept sections; live rows moved within and across them. Only
  /// window rows can be inserted or moved: the common prefix and suffix stay put.
  ///
  /// - Returns: For each new section, whether the stage inserts or moves rows in or out of it.
  private func rowStage(removed: Removals, into stage: inout ChangesetStage) -> [Bool] {
    var touched = [Bool](repeating: false, count: new.count)
    var largest = 0
    for index in new.indices { largest = max(largest, windows.newLength(index)) }
    // Per section: positions after stage 1 of the window rows staying in it, and their final
    // ones.
    var sources = [Int](repeating: 0, count: largest)
    var targets = [Int](repeating: 0, count: largest)
    var inserts: [RowPosition] = []
    var moves: [Move<RowPosition>] = []
    let oldFate = sections.oldFate
    // The old section of the last live row looked up: compact rows start..<end.
    var oldStart = 0
    var oldEnd = 0
    var oldSection = -1
    rows.newToOld.withUnsafeBufferPointer { newToOld in
      removed.rowIndex.withUnsafeBufferPointer { rowIndex in
        sources.withUnsafeMutableBufferPointer { sources in
          targets.withUnsafeMutableBufferPointer { targets in
            for index in new.indices where windows.newLength(index) > 0 {
              let home = sections.newToOld[index]
              let base = windows.newOffsets[index]
              let start = windows.newStart[index]
              var staying = 0
              let firstMove = moves.count
              for offset in 0..<windows.newLength(index) {
                let row = start + offset
                let oldCompact = newToOld[base + offset]
                if oldCompact >= 0 && (oldCompact < oldStart || oldCompact >= oldEnd) {
                  oldSection = RowWindows.section(of: oldCompact, offsets: windows.oldOffsets)
                  oldStart = windows.oldOffsets[oldSection]
                  oldEnd = windows.oldOffsets[oldSection + 1]
                }
                guard oldCompact >= 0 && oldFate[oldSection] == .kept else {
                  inserts.append(RowPosition(section: index, row: row))
                  touched[index] = true
                  continue
                }
                if oldSection == home {
                  sources[staying] = rowIndex[oldCompact]
                  targets[staying] = row
                  staying += 1
                } else {
                  let from = sections.oldToNew[oldSection]
                  moves.append(
                    Move(
                      from: RowPosition(section: from, row: rowIndex[oldCompact]),
                      to: RowPosition(section: index, row: row)))
                  touched[index] = true
                  touched[from] = true
                }
              }
              let onSubsequence = LongestIncreasingSubsequence.mask(
                UnsafeBufferPointer(rebasing: sources[0..<staying]))
              var hasLocalMoves = false
              for item in 0..<staying where !onSubsequence[item] {
                moves.append(
                  Move(
                    from: RowPosition(section: index, row: sources[item]),
                    to: RowPosition(section: index, row: targets[item])))
                hasLocalMoves = true
              }
              if hasLocalMoves {
                touched[index] = true
                if moves.count - firstMove > 1 { moves[firstMove...].sort { $0.to < $1.to } }
              }
            }
          }
        }
      }
    }
    stage.rowInserts = inserts
    stage.rowMoves = moves
    return touched
  }
}
