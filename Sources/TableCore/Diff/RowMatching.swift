/// The one-to-one matching of rows by id between two snapshots, addressed by flat row index
/// (rows numbered across sections in display order).
///
/// Matching is exact on ids, so any order of discovery gives the same pairs. Two passes keep
/// it cheap: rows of a section that survives are first aligned against their old section
/// with a two-cursor walk (equal ids at the cursors are a pair, with one row of lookahead to
/// step over an insert or a delete), so that unchanged stretches cost one string comparison
/// per row; only the rows left over go through a hash table. With duplicate ids (which a
/// validated snapshot never has), each row is matched at most once, first come first served.
struct RowMatching {
  /// For each old row, the flat index of the new row with its id, or -1.
  var oldToNew: [Int]
  /// For each new row, the flat index of the old row with its id, or -1.
  var newToOld: [Int]

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
    oldToNew = [Int](repeating: -1, count: oldOffsets[old.count])
    newToOld = [Int](repeating: -1, count: newOffsets[new.count])
    var leftoverNew = newToOld.count
    for newSection in new.indices {
      let oldSection = newToOldSection[newSection]
      guard oldSection >= 0 else { continue }
      leftoverNew -= align(
        old[oldSection].rows, from: oldOffsets[oldSection], with: new[newSection].rows,
        from: newOffsets[newSection])
    }
    guard leftoverNew > 0 else { return }
    matchLeftovers(old: old, new: new, leftoverOld: oldToNew.count - (newToOld.count - leftoverNew))
  }

  /// Walks both row lists with two cursors, pairing equal ids. Returns the pairs found.
  private mutating func align(
    _ oldRows: [Row], from oldBase: Int, with newRows: [Row], from newBase: Int
  ) -> Int {
    var oldCursor = 0
    var newCursor = 0
    var pairs = 0
    let oldCount = oldRows.count
    let newCount = newRows.count
    while oldCursor < oldCount && newCursor < newCount {
      let oldID = oldRows[oldCursor].id
      let newID = newRows[newCursor].id
      if oldID == newID {
        oldToNew[oldBase + oldCursor] = newBase + newCursor
        newToOld[newBase + newCursor] = oldBase + oldCursor
        pairs += 1
        oldCursor += 1
        newCursor += 1
      } else if oldCursor + 1 < oldCount && oldRows[oldCursor + 1].id == newID {
        oldCursor += 1
      } else if newCursor + 1 < newCount && newRows[newCursor + 1].id == oldID {
        newCursor += 1
      } else {
        oldCursor += 1
        newCursor += 1
      }
    }
    return pairs
  }

  /// Pairs the rows the alignment left over through a hash table of the old ones.
  private mutating func matchLeftovers(old: [Section], new: [Section], leftoverOld: Int) {
    guard leftoverOld > 0 else { return }
    var unmatched = [RowID: Int](minimumCapacity: leftoverOld)
    var flat = 0
    for section in old {
      for row in section.rows {
        if oldToNew[flat] < 0 && unmatched[row.id] == nil { unmatched[row.id] = flat }
        flat += 1
      }
    }
    flat = 0
    for section in new {
      for row in section.rows {
        if newToOld[flat] < 0, let oldFlat = unmatched.removeValue(forKey: row.id) {
          oldToNew[oldFlat] = flat
          newToOld[flat] = oldFlat
        }
        flat += 1
      }
    }
  }
}
