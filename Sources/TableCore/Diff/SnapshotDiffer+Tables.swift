extension SnapshotDiffer {
  /// The table after stage 1: deleted sections gone, reloaded ones with their final content,
  /// kept ones with their live rows in old order and new content.
  func tableAfterRemovals(_ removed: Removals, touched: [Bool]) -> [Section] {
    var result: [Section] = []
    result.reserveCapacity(old.count)
    for index in old.indices {
      switch sections.oldFate[index] {
      case .unmatched: continue
      case .reloaded: result.append(new[sections.oldToNew[index]])
      case .kept: result.append(keptSection(at: index, removed, touched: touched))
      }
    }
    return result
  }

  /// The table after stage 2: every section in its final place; kept ones as after stage 1.
  func tableAfterSections(_ removed: Removals, touched: [Bool]) -> [Section] {
    new.indices.map { index in
      sections.newFate[index] == .kept
        ? keptSection(at: sections.newToOld[index], removed, touched: touched) : new[index]
    }
  }

  /// The kept old section at `index` after stage 1. Shared when stage 1 leaves it alone; its
  /// new rows when stage 3 does (then its rows after stage 1 are the final ones); otherwise
  /// rebuilt from its live rows.
  private func keptSection(at index: Int, _ removed: Removals, touched: [Bool]) -> Section {
    let updates = removed.updates[removed.updateStart[index]..<removed.updateStart[index + 1]]
    if removed.deleted[index] == 0 && updates.isEmpty { return old[index] }
    let home = sections.oldToNew[index]
    if !touched[home] { return old[index].replacingRows(newRows[home]) }
    let oldRows = old[index].rows
    let start = windows.oldStart[index]
    let end = start + windows.oldLength(index)
    let base = windows.oldOffsets[index]
    var nextUpdate = updates.startIndex
    let capacity = oldRows.count - removed.deleted[index]
    // Nothing kept: not through `unsafeUninitializedCapacity`, which with capacity 0 writes
    // the count into the shared empty-array storage (ThreadSanitizer reports two diffs on two
    // threads doing so as a race).
    guard capacity > 0 else { return old[index].replacingRows([]) }
    let remaining = [Row](unsafeUninitializedCapacity: capacity) {
      buffer, count in
      func keep(_ row: Int) {
        if nextUpdate < updates.endIndex && updates[nextUpdate].row == row {
          let update = updates[nextUpdate]
          buffer.initializeElement(at: count, to: newRows[update.newSection][update.newIndex])
          nextUpdate += 1
        } else {
          buffer.initializeElement(at: count, to: oldRows[row])
        }
        count += 1
      }
      for row in 0..<start { keep(row) }
      for row in start..<end where removed.rowIndex[base + row - start] >= 0 { keep(row) }
      for row in end..<oldRows.count { keep(row) }
    }
    return old[index].replacingRows(remaining)
  }
}
