/// The one-to-one matching of rows by id between two snapshots, for the rows of the kept
/// sections' windows (see ``RowWindows``), addressed by compact index.
///
/// Matching is exact on ids, so any order of discovery gives the same pairs; the passes only
/// keep it cheap. Rows of a section's window are first aligned against the window of its old
/// section with two cursors: equal ids at the cursors are a pair (one string comparison per
/// unchanged row), and at a mismatch a short window ahead on either side finds where the lists
/// agree again (a few deleted or inserted rows). When the window keeps failing (a long burst of
/// inserts or deletes), a hash index of the section's remaining old rows says how far to skip.
/// Only rows the cursors step over go through the final hash table. With duplicate ids (which
/// a validated snapshot never has) each row is matched at most once.
struct RowMatching {
  /// For each old compact row, the compact index of the new row with its id, or -1.
  let oldToNew: [Int]
  /// For each new compact row, the compact index of the old row with its id, or -1.
  let newToOld: [Int]

  /// How far ahead a mismatch looks for the lists to agree again.
  private static let window = 8
  /// Consecutive failed windows after which the alignment consults a hash index.
  private static let failuresBeforeIndex = 16

  /// Matches the rows of the windows of `old` and `new`.
  ///
  /// - Complexity: O(rows in the windows) expected.
  init(old: [Section], new: [Section], windows: RowWindows, sections: SectionMatching) {
    var oldToNew = [Int](repeating: -1, count: windows.oldOffsets[old.count])
    var newToOld = [Int](repeating: -1, count: windows.newOffsets[new.count])
    var alignment = Alignment()
    oldToNew.withUnsafeMutableBufferPointer { oldToNew in
      newToOld.withUnsafeMutableBufferPointer { newToOld in
        for newSection in new.indices where windows.newLength(newSection) > 0 {
          let oldSection = sections.newToOld[newSection]
          let oldStart = windows.oldStart[oldSection]
          let newStart = windows.newStart[newSection]
          let oldEnd = oldStart + windows.oldLength(oldSection)
          let newEnd = newStart + windows.newLength(newSection)
          old[oldSection].rows.withUnsafeBufferPointer { oldRows in
            new[newSection].rows.withUnsafeBufferPointer { newRows in
              alignment.align(
                UnsafeBufferPointer(rebasing: oldRows[oldStart..<oldEnd]),
                base: windows.oldOffsets[oldSection],
                with: UnsafeBufferPointer(rebasing: newRows[newStart..<newEnd]),
                base: windows.newOffsets[newSection], oldToNew: oldToNew, newToOld: newToOld)
            }
          }
        }
        // Old windows with nothing on the new side: all leftovers.
        for oldSection in old.indices
        where windows.oldLength(oldSection) > 0
          && windows.newLength(sections.oldToNew[oldSection]) == 0
        {
          let start = windows.oldStart[oldSection]
          let base = windows.oldOffsets[oldSection]
          let rows = old[oldSection].rows
          for row in 0..<windows.oldLength(oldSection) {
            alignment.oldLeftovers.append((base + row, rows[start + row].id))
          }
        }
      }
    }
    // Paired on the local arrays, before they are stored: a write through `self` would find
    // the buffers still shared with these locals and copy them whole.
    Self.matchLeftovers(
      old: alignment.oldLeftovers, new: alignment.newLeftovers, oldToNew: &oldToNew,
      newToOld: &newToOld)
    self.oldToNew = oldToNew
    self.newToOld = newToOld
  }

  /// The two-cursor walk over the rows of one surviving section; the leftovers it collects.
  private struct Alignment {
    var oldLeftovers: [(flat: Int, id: RowID)] = []
    var newLeftovers: [(flat: Int, id: RowID)] = []

    /// Walks both row lists with two cursors, pairing equal ids and noting the rows stepped
    /// over. The buffers are the matching's arrays, indexed by flat row (bases added here).
    mutating func align(
      _ oldRows: UnsafeBufferPointer<Row>, base oldBase: Int, with newRows: UnsafeBufferPointer<Row>,
      base newBase: Int, oldToNew: UnsafeMutableBufferPointer<Int>,
      newToOld: UnsafeMutableBufferPointer<Int>
    ) {
      var oldCursor = 0
      var newCursor = 0
      var failures = 0
      var index: RowIDTable? = nil  // of the old rows from `indexBase` on
      var indexBase = 0
      let oldCount = oldRows.count
      let newCount = newRows.count
      while oldCursor < oldCount && newCursor < newCount {
        if oldRows[oldCursor].hasSameID(as: newRows[newCursor]) {
          oldToNew[oldBase + oldCursor] = newBase + newCursor
          newToOld[newBase + newCursor] = oldBase + oldCursor
          oldCursor += 1
          newCursor += 1
          failures = 0
          continue
        }
        let oldID = oldRows[oldCursor].id
        let newID = newRows[newCursor].id
        var skipOld = 0
        var skipNew = 0
        for distance in 1...RowMatching.window {
          if oldCursor + distance < oldCount && oldRows[oldCursor + distance].id == newID {
            skipOld = distance
            break
          }
          if newCursor + distance < newCount && newRows[newCursor + distance].id == oldID {
            skipNew = distance
            break
          }
        }
        if skipOld == 0 && skipNew == 0 {
          failures += 1
          if failures < RowMatching.failuresBeforeIndex {
            skipOld = 1
            skipNew = 1
          } else {
            if index == nil {
              indexBase = oldCursor
              index = RowIDTable(oldRows[oldCursor...].map(\.id))
            }
            if let found = index?.position(of: newID), found + indexBase > oldCursor {
              skipOld = found + indexBase - oldCursor
            } else {
              skipNew = 1
            }
          }
        }
        for row in oldCursor..<oldCursor + skipOld {
          oldLeftovers.append((oldBase + row, oldRows[row].id))
        }
        for row in newCursor..<newCursor + skipNew {
          newLeftovers.append((newBase + row, newRows[row].id))
        }
        oldCursor += skipOld
        newCursor += skipNew
      }
      for row in oldCursor..<oldCount { oldLeftovers.append((oldBase + row, oldRows[row].id)) }
      for row in newCursor..<newCount { newLeftovers.append((newBase + row, newRows[row].id)) }
    }
  }

  /// Pairs the rows the alignment stepped over (flat index and id) through a hash index of
  /// the old ones.
  private static func matchLeftovers(
    old oldLeftovers: [(flat: Int, id: RowID)], new newLeftovers: [(flat: Int, id: RowID)],
    oldToNew: inout [Int], newToOld: inout [Int]
  ) {
    guard !oldLeftovers.isEmpty && !newLeftovers.isEmpty else { return }
    var unmatched = RowIDTable(oldLeftovers.map(\.id))
    for (flat, id) in newLeftovers {
      guard let position = unmatched.take(id) else { continue }
      let oldFlat = oldLeftovers[position].flat
      oldToNew[oldFlat] = flat
      newToOld[flat] = oldFlat
    }
  }
}
