/// The one-to-one matching of rows by id between two snapshots, addressed by flat row index
/// (rows numbered across sections in display order).
///
/// Matching is exact on ids, so any order of discovery gives the same pairs; the passes only
/// keep it cheap. Rows of a section that survives are first aligned against their old section
/// with two cursors: equal ids at the cursors are a pair (one string comparison per unchanged
/// row), and at a mismatch a short window ahead on either side finds where the lists agree
/// again (a few deleted or inserted rows). When the window keeps failing (a long burst of
/// inserts or deletes), a hash index of the section's remaining old rows says how far to
/// skip. Only rows the cursors step over go through the final hash table. With duplicate ids
/// (which a validated snapshot never has) each row is matched at most once.
struct RowMatching {
  /// For each old row, the flat index of the new row with its id, or -1.
  let oldToNew: [Int]
  /// For each new row, the flat index of the old row with its id, or -1.
  let newToOld: [Int]

  /// How far ahead a mismatch looks for the lists to agree again.
  private static let window = 8
  /// Consecutive failed windows after which the alignment consults a hash index.
  private static let failuresBeforeIndex = 16

  /// Matches the rows of `old` and `new`.
  ///
  /// - Parameters:
  ///   - oldOffsets: The flat index of each old section's first row, plus the total.
  ///   - newOffsets: The same for `new`.
  ///   - newToOldSection: For each new section, the index of the old section with its id, or -1.
  /// - Complexity: O(rows) expected.
  init(
    old: [Section], new: [Section], oldOffsets: [Int], newOffsets: [Int], newToOldSection: [Int]
  ) {
    var oldToNew = [Int](repeating: -1, count: oldOffsets[old.count])
    var newToOld = [Int](repeating: -1, count: newOffsets[new.count])
    var oldAligned = [Bool](repeating: false, count: old.count)
    var alignment = Alignment()
    oldToNew.withUnsafeMutableBufferPointer { oldToNew in
      newToOld.withUnsafeMutableBufferPointer { newToOld in
        for newSection in new.indices {
          let oldSection = newToOldSection[newSection]
          if oldSection < 0 {
            let base = newOffsets[newSection]
            for (row, item) in new[newSection].rows.enumerated() {
              alignment.newLeftovers.append((base + row, item.id))
            }
            continue
          }
          oldAligned[oldSection] = true
          old[oldSection].rows.withUnsafeBufferPointer { oldRows in
            new[newSection].rows.withUnsafeBufferPointer { newRows in
              alignment.align(
                oldRows, base: oldOffsets[oldSection], with: newRows, base: newOffsets[newSection],
                oldToNew: oldToNew, newToOld: newToOld)
            }
          }
        }
      }
    }
    for section in old.indices where !oldAligned[section] {
      let base = oldOffsets[section]
      for (row, item) in old[section].rows.enumerated() {
        alignment.oldLeftovers.append((base + row, item.id))
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
