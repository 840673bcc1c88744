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

  /// Matches the sections of `old` and `new` by id (the first of duplicates wins).
  ///
  /// A matched section is reloaded when its header, footer or style changed, or when only its
  /// collapsed state changed while it has no rows on either side (so no row insert or delete
  /// can carry the change). Otherwise it is kept and collapsing or expanding shows as rows
  /// deleted or inserted.
  init(old: [Section], new: [Section]) {
    oldToNew = [Int](repeating: -1, count: old.count)
    newToOld = [Int](repeating: -1, count: new.count)
    oldFate = [Fate](repeating: .unmatched, count: old.count)
    newFate = [Fate](repeating: .unmatched, count: new.count)
    var byID = [SectionID: Int](minimumCapacity: old.count)
    for (index, section) in old.enumerated() where byID[section.id] == nil {
      byID[section.id] = index
    }
    for (newIndex, section) in new.enumerated() {
      guard let oldIndex = byID.removeValue(forKey: section.id) else { continue }
      oldToNew[oldIndex] = newIndex
      newToOld[newIndex] = oldIndex
      let before = old[oldIndex]
      let fate: Fate
      if before.header != section.header || before.footer != section.footer
        || before.style != section.style
      {
        fate = .reloaded
      } else if before.isCollapsed != section.isCollapsed && before.rows.isEmpty
        && section.rows.isEmpty
      {
        fate = .reloaded
      } else {
        fate = .kept
      }
      oldFate[oldIndex] = fate
      newFate[newIndex] = fate
    }
  }
}
