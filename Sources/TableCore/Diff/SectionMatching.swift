/// The one-to-one matching of sections by id between two snapshots, and what becomes of each.
struct SectionMatching {
  /// What the diff does with a section present in both snapshots.
  enum Fate: Equatable {
    /// No old section has the new one's id (or vice versa).
    case unmatched
    /// Kept in place or moved; its rows are diffed one by one.
    case kept
    /// Reloaded: it arrives with its final header, footer, style and rows.
    case reloaded
  }

  /// For each old section, the index of the new section with its id, or -1.
  var oldToNew: [Int]
  /// For each new section, the index of the old section with its id, or -1.
  var newToOld: [Int]
  /// The fate of each old section.
  var oldFate: [Fate]
  /// The fate of each new section.
  var newFate: [Fate]
  /// The kept new sections whose header or footer changed, in order.
  var titleUpdates: [Int] = []

  /// Matches the sections of `old` and `new` by id.
  ///
  /// The common prefix and suffix of the two lists (equal ids at the same distance from the
  /// start, or from the end) pair up without hashing; only the sections between go through a
  /// dictionary, where the first of duplicate ids wins.
  ///
  /// A matched section is reloaded when its style changed, or when only its collapsed state
  /// changed while it has no rows on either side (so no row insert or delete can carry the
  /// change). Otherwise it is kept: collapsing or expanding shows as rows deleted or inserted,
  /// and a changed header or footer as a section update, so its rows keep animating.
  ///
  /// - Complexity: O(sections); hashing only the sections outside the common prefix and suffix.
  init(old: [Section], new: [Section]) {
    oldToNew = [Int](repeating: -1, count: old.count)
    newToOld = [Int](repeating: -1, count: new.count)
    oldFate = [Fate](repeating: .unmatched, count: old.count)
    newFate = [Fate](repeating: .unmatched, count: new.count)
    let shorter = min(old.count, new.count)
    var prefix = 0
    while prefix < shorter && old[prefix].id == new[prefix].id {
      pair(old, prefix, new, prefix)
      prefix += 1
    }
    var suffix = 0
    while suffix < shorter - prefix
      && old[old.count - 1 - suffix].id == new[new.count - 1 - suffix].id
    {
      pair(old, old.count - 1 - suffix, new, new.count - 1 - suffix)
      suffix += 1
    }
    let oldMiddle = prefix..<(old.count - suffix)
    let newMiddle = prefix..<(new.count - suffix)
    if !oldMiddle.isEmpty && !newMiddle.isEmpty {
      var byID = [SectionID: Int](minimumCapacity: oldMiddle.count)
      for index in oldMiddle where byID[old[index].id] == nil {
        byID[old[index].id] = index
      }
      for newIndex in newMiddle {
        guard let oldIndex = byID.removeValue(forKey: new[newIndex].id) else { continue }
        pair(old, oldIndex, new, newIndex)
      }
    }
    for index in new.indices where newFate[index] == .kept {
      let before = old[newToOld[index]]
      if before.header != new[index].header || before.footer != new[index].footer {
        titleUpdates.append(index)
      }
    }
  }

  private mutating func pair(_ old: [Section], _ oldIndex: Int, _ new: [Section], _ newIndex: Int) {
    oldToNew[oldIndex] = newIndex
    newToOld[newIndex] = oldIndex
    let fate = Self.fate(of: old[oldIndex], becoming: new[newIndex])
    oldFate[oldIndex] = fate
    newFate[newIndex] = fate
  }

  private static func fate(of before: Section, becoming after: Section) -> Fate {
    if before.style != after.style { return .reloaded }
    if before.isCollapsed != after.isCollapsed && before.rows.isEmpty && after.rows.isEmpty {
      return .reloaded
    }
    return .kept
  }
}
