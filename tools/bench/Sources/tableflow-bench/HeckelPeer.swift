import TableCore

/// The diff bench's peer: Paul Heckel's linear-time list diff as DifferenceKit runs it on a
/// flat collection (its `StagedChangeset(source:target:)`), written here for the bench.
///
/// One shared table entry per distinct id (a class, as DifferenceKit's), counting the id's
/// occurrences on each side and stacking its old indexes; new rows take their old index from
/// the stack; unmatched old rows are deleted and unmatched new rows inserted; a matched row
/// whose content differs is updated; a matched row whose position, corrected for the deletes
/// before it and the inserts before its target, is not its target is moved (DifferenceKit's
/// moves are not minimal). The stages are deletes, inserts, updates and moves, and like
/// DifferenceKit's, every stage but the last carries the collection after it.
enum HeckelPeer {
  private final class Entry {
    var oldCount = 0
    var newCount = 0
    var oldIndexes: [Int] = []
  }

  /// The changeset's size, so the optimiser keeps the work.
  struct Result {
    var deletes: [Int] = []
    var inserts: [Int] = []
    var updates: [Int] = []
    var moves: [(from: Int, to: Int)] = []
    var stageData: [[Row]] = []

    var operationCount: Int { deletes.count + inserts.count + updates.count + moves.count }
  }

  static func diff(old: [Row], new: [Row]) -> Result {
    var table: [RowID: Entry] = [:]
    var newEntries: [Entry] = []
    newEntries.reserveCapacity(new.count)
    for row in new {
      let entry: Entry
      if let existing = table[row.id] {
        entry = existing
      } else {
        entry = Entry()
        table[row.id] = entry
      }
      entry.newCount += 1
      newEntries.append(entry)
    }
    for (index, row) in old.enumerated().reversed() {
      let entry: Entry
      if let existing = table[row.id] {
        entry = existing
      } else {
        entry = Entry()
        table[row.id] = entry
      }
      entry.oldCount += 1
      entry.oldIndexes.append(index)  // reversed, so popLast gives the first unmatched one
    }
    var oldToNew = [Int](repeating: -1, count: old.count)
    var newToOld = [Int](repeating: -1, count: new.count)
    for (index, entry) in newEntries.enumerated() {
      guard entry.oldCount > 0, let oldIndex = entry.oldIndexes.popLast() else { continue }
      newToOld[index] = oldIndex
      oldToNew[oldIndex] = index
    }
    var result = Result()
    var deleteOffsets = [Int](repeating: 0, count: old.count)
    var deleted = 0
    for index in old.indices {
      deleteOffsets[index] = deleted
      if oldToNew[index] < 0 {
        result.deletes.append(index)
        deleted += 1
      }
    }
    var inserted = 0
    for index in new.indices {
      let oldIndex = newToOld[index]
      guard oldIndex >= 0 else {
        result.inserts.append(index)
        inserted += 1
        continue
      }
      if !old[oldIndex].hasSameContent(as: new[index]) { result.updates.append(index) }
      if oldIndex - deleteOffsets[oldIndex] + inserted != index {
        result.moves.append((oldIndex, index))
      }
    }
    // The collections after the deletes and after the inserts, for the stages not last.
    let stages = [result.deletes, result.inserts, result.updates, result.moves.map(\.to)]
    let last = stages.lastIndex { !$0.isEmpty } ?? -1
    if !result.deletes.isEmpty && last > 0 {
      result.stageData.append(old.indices.filter { oldToNew[$0] >= 0 }.map { old[$0] })
    }
    if !result.inserts.isEmpty && last > 1 {
      var afterInserts: [Row] = []
      afterInserts.reserveCapacity(new.count)
      for index in new.indices {
        afterInserts.append(newToOld[index] < 0 ? new[index] : old[newToOld[index]])
      }
      result.stageData.append(afterInserts)
    }
    return result
  }
}
