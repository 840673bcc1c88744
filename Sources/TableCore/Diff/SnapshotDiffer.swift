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
/// A reloaded or reconfigured row is never moved in the same stage: moves come last.
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
  /// The rows of each new section.
  let newRows: [[Row]]

  init(old: TableSnapshot, new: TableSnapshot) {
    self.old = old.sections
    self.new = new.sections
    sections = SectionMatching(old: old.sections, new: new.sections)
    oldOffsets = Self.offsets(of: old.sections)
    newOffsets = Self.offsets(of: new.sections)
    newRows = new.sections.map(\.rows)
    rows = RowMatching(
      old: old.sections, new: new.sections, oldOffsets: oldOffsets, newOffsets: newOffsets,
      newToOldSection: sections.newToOld)
  }

  private static func offsets(of sections: [Section]) -> [Int] {
    var offsets = [Int]()
    offsets.reserveCapacity(sections.count + 1)
    var total = 0
    for section in sections {
      offsets.append(total)
      total += section.rows.count
    }
    offsets.append(total)
    return offsets
  }

  /// The section holding flat row `flat` (`0 <= flat < offsets.last`): the last section whose
  /// first row is at or before it (empty sections share their successor's offset and are
  /// skipped). Callers cache the answer's range, so a run of rows from one section costs two
  /// comparisons each and the search runs once per change of section.
  ///
  /// - Complexity: O(log sections).
  static func section(of flat: Int, offsets: [Int]) -> Int {
    var low = 0  // offsets[low] <= flat
    var high = offsets.count - 1  // offsets[high] > flat
    while high - low > 1 {
      let middle = (low + high) / 2
      if offsets[middle] <= flat { low = middle } else { high = middle }
    }
    return low
  }

  /// The stages; the last one carries `final` as its snapshot.
  func stages(final: TableSnapshot) -> [ChangesetStage] {
    var removals = ChangesetStage()
    var rowIndexAfterRemovals = [Int](repeating: -1, count: rows.oldToNew.count)
    var sectionIndexAfterRemovals = [Int](repeating: -1, count: old.count)
    let afterRemovals = rowIndexAfterRemovals.withUnsafeMutableBufferPointer { rowIndex in
      removalStage(into: &removals, rowIndex: rowIndex, sectionIndex: &sectionIndexAfterRemovals)
    }
    var sectionChanges = ChangesetStage()
    let afterSections = sectionStage(
      from: afterRemovals, sectionIndex: sectionIndexAfterRemovals, into: &sectionChanges)
    var rowChanges = ChangesetStage()
    rowStage(rowIndex: rowIndexAfterRemovals, into: &rowChanges)
    removals.snapshot = TableSnapshot(uncheckedSections: afterRemovals)
    sectionChanges.snapshot = TableSnapshot(uncheckedSections: afterSections)
    rowChanges.snapshot = final
    var stages = [removals, sectionChanges, rowChanges].filter { !$0.isEmpty }
    if !stages.isEmpty { stages[stages.count - 1].snapshot = final }
    return stages
  }

  /// Stage 1, all at pre-stage positions: sections deleted, sections reloaded (with their
  /// final rows), rows deleted from kept sections, and live rows whose content changed
  /// reconfigured (same kind) or reloaded (kind changed).
  private func removalStage(
    into stage: inout ChangesetStage, rowIndex: UnsafeMutableBufferPointer<Int>,
    sectionIndex: inout [Int]
  ) -> [Section] {
    var result: [Section] = []
    result.reserveCapacity(old.count)
    for index in old.indices {
      switch sections.oldFate[index] {
      case .unmatched:
        stage.sectionDeletes.append(index)
      case .reloaded:
        stage.sectionReloads.append(index)
        sectionIndex[index] = result.count
        result.append(new[sections.oldToNew[index]])
      case .kept:
        sectionIndex[index] = result.count
        result.append(keptSection(at: index, into: &stage, rowIndex: rowIndex))
      }
    }
    return result
  }

  /// The kept old section at `index` after stage 1: its live rows, in old order, with their
  /// new content. A section with neither deletes nor updates is shared, not copied.
  private func keptSection(
    at index: Int, into stage: inout ChangesetStage, rowIndex: UnsafeMutableBufferPointer<Int>
  ) -> Section {
    let oldRows = old[index].rows
    let base = oldOffsets[index]
    var updates: [(row: Int, content: Row)] = []
    var next = 0
    // The new section whose rows `sectionRows` holds: flat rows start..<end, kept or not.
    var sectionStart = 0
    var sectionEnd = 0
    var sectionKept = false
    var sectionRows: [Row] = []
    rows.oldToNew.withUnsafeBufferPointer { oldToNew in
      oldRows.withUnsafeBufferPointer { oldRows in
        for row in 0..<oldRows.count {
          let newFlat = oldToNew[base + row]
          if newFlat >= 0 && (newFlat < sectionStart || newFlat >= sectionEnd) {
            let newSection = Self.section(of: newFlat, offsets: newOffsets)
            sectionStart = newOffsets[newSection]
            sectionEnd = newOffsets[newSection + 1]
            sectionKept = sections.newFate[newSection] == .kept
            sectionRows = newRows[newSection]
          }
          guard newFlat >= 0 && sectionKept else {
            stage.rowDeletes.append(RowPosition(section: index, row: row))
            continue
          }
          rowIndex[base + row] = next
          next += 1
          let newIndex = newFlat - sectionStart
          if oldRows[row].hasSameContent(as: sectionRows[newIndex]) { continue }
          let newRow = sectionRows[newIndex]
          let position = RowPosition(section: index, row: row)
          if oldRows[row].kind == newRow.kind {
            stage.rowReconfigures.append(position)
          } else {
            stage.rowReloads.append(position)
          }
          updates.append((row, newRow))
        }
      }
    }
    guard next < oldRows.count || !updates.isEmpty else { return old[index] }
    var nextUpdate = 0
    let remaining = [Row](unsafeUninitializedCapacity: next) { buffer, count in
      for row in 0..<oldRows.count where rowIndex[base + row] >= 0 {
        if nextUpdate < updates.count && updates[nextUpdate].row == row {
          buffer.initializeElement(at: count, to: updates[nextUpdate].content)
          nextUpdate += 1
        } else {
          buffer.initializeElement(at: count, to: oldRows[row])
        }
        count += 1
      }
    }
    return old[index].replacingRows(remaining)
  }

  /// Stage 2: sections inserted, and surviving sections off the longest increasing
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

  /// Stage 3: rows inserted into kept sections; live rows moved within and across them.
  private func rowStage(rowIndex: [Int], into stage: inout ChangesetStage) {
    var largest = 0
    for index in new.indices where sections.newFate[index] == .kept {
      largest = max(largest, newOffsets[index + 1] - newOffsets[index])
    }
    // Per section: positions after stage 1 of the rows staying in it, and their final ones.
    var sources = [Int](repeating: 0, count: largest)
    var targets = [Int](repeating: 0, count: largest)
    var inserts: [RowPosition] = []
    var moves: [Move<RowPosition>] = []
    let oldFate = sections.oldFate
    // The old section of the last live row looked up: flat rows start..<end.
    var oldStart = 0
    var oldEnd = 0
    var oldSection = -1
    rows.newToOld.withUnsafeBufferPointer { newToOld in
      rowIndex.withUnsafeBufferPointer { rowIndex in
        sources.withUnsafeMutableBufferPointer { sources in
          targets.withUnsafeMutableBufferPointer { targets in
            for index in new.indices where sections.newFate[index] == .kept {
              let home = sections.newToOld[index]
              let base = newOffsets[index]
              var staying = 0
              let firstMove = moves.count
              for row in 0..<(newOffsets[index + 1] - base) {
                let oldFlat = newToOld[base + row]
                if oldFlat >= 0 && (oldFlat < oldStart || oldFlat >= oldEnd) {
                  oldSection = Self.section(of: oldFlat, offsets: oldOffsets)
                  oldStart = oldOffsets[oldSection]
                  oldEnd = oldOffsets[oldSection + 1]
                }
                guard oldFlat >= 0 && oldFate[oldSection] == .kept else {
                  inserts.append(RowPosition(section: index, row: row))
                  continue
                }
                if oldSection == home {
                  sources[staying] = rowIndex[oldFlat]
                  targets[staying] = row
                  staying += 1
                } else {
                  moves.append(
                    Move(
                      from: RowPosition(
                        section: sections.oldToNew[oldSection], row: rowIndex[oldFlat]),
                      to: RowPosition(section: index, row: row)))
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
              if hasLocalMoves && moves.count - firstMove > 1 {
                moves[firstMove...].sort { $0.to < $1.to }
              }
            }
          }
        }
      }
    }
    stage.rowInserts = inserts
    stage.rowMoves = moves
  }
}
