/// The rows of each kept section that the diff must look at: what is left between the common
/// prefix and the common suffix of its old and new rows, by row id.
///
/// A row of the common prefix or suffix keeps its section and its place: it is live, on every
/// longest increasing subsequence the diff could pick, and needs no hashing; only its content
/// is compared. The rows between (the window) are numbered consecutively across sections,
/// kept sections only, in display order: the compact indexes ``RowMatching`` works on. Rows of
/// sections that are inserted, deleted or reloaded are in no window: they arrive or leave with
/// their section, whatever their ids.
struct RowWindows {
  /// Per old section: the first row of its window (the length of the common prefix).
  let oldStart: [Int]
  /// Per old section: the compact index of the first row of its window; then the total.
  let oldOffsets: [Int]
  /// Per new section: the first row of its window.
  let newStart: [Int]
  /// Per new section: the compact index of the first row of its window; then the total.
  let newOffsets: [Int]
  /// Per old section: whether it is kept and holds the very rows of its new section (one
  /// shared array), so that nothing in it changed.
  let sharesRows: [Bool]
  /// The old rows of the common prefixes and suffixes whose content changed, by old section
  /// then row (found while trimming, so the rows in common are walked once).
  let changedRows: [Int]
  /// Per old section: where its rows start in `changedRows`; then the total.
  let changedOffsets: [Int]

  /// Trims every kept section pair.
  ///
  /// - Complexity: O(rows of the common prefixes and suffixes + sections); one comparison of
  ///   storage identity per row shared by both snapshots, a string comparison otherwise, and
  ///   O(1) for a section whose new rows are its old array.
  init(old: [Section], new: [Section], sections: SectionMatching) {
    var oldStart = [Int](repeating: 0, count: old.count)
    var oldLength = [Int](repeating: 0, count: old.count)
    var newStart = [Int](repeating: 0, count: new.count)
    var newLength = [Int](repeating: 0, count: new.count)
    var sharesRows = [Bool](repeating: false, count: old.count)
    var changedRows: [Int] = []
    var changedOffsets: [Int] = []
    changedOffsets.reserveCapacity(old.count + 1)
    for oldIndex in old.indices {
      changedOffsets.append(changedRows.count)
      guard sections.oldFate[oldIndex] == .kept else { continue }
      let newIndex = sections.oldToNew[oldIndex]
      let oldRows = old[oldIndex].rows
      let newRows = new[newIndex].rows
      if oldRows.isSameStorage(as: newRows) {
        sharesRows[oldIndex] = true
        oldStart[oldIndex] = oldRows.count
        newStart[newIndex] = newRows.count
        continue
      }
      let (prefix, suffix) = oldRows.withUnsafeBufferPointer { oldRows in
        newRows.withUnsafeBufferPointer { newRows in
          Self.trim(oldRows, newRows, changed: &changedRows)
        }
      }
      oldStart[oldIndex] = prefix
      oldLength[oldIndex] = oldRows.count - prefix - suffix
      newStart[newIndex] = prefix
      newLength[newIndex] = newRows.count - prefix - suffix
    }
    self.oldStart = oldStart
    self.newStart = newStart
    self.oldOffsets = Self.offsets(oldLength)
    self.newOffsets = Self.offsets(newLength)
    self.sharesRows = sharesRows
    changedOffsets.append(changedRows.count)
    self.changedRows = changedRows
    self.changedOffsets = changedOffsets
  }

  /// The lengths of the common prefix and suffix by id; together at most the shorter count.
  /// Appends to `changed`, in row order, the old rows in common whose content changed.
  private static func trim(
    _ old: UnsafeBufferPointer<Row>, _ new: UnsafeBufferPointer<Row>, changed: inout [Int]
  ) -> (prefix: Int, suffix: Int) {
    let shorter = min(old.count, new.count)
    var prefix = 0
    while prefix < shorter && old[prefix].hasSameID(as: new[prefix]) {
      if !old[prefix].hasSameDigest(as: new[prefix]) { changed.append(prefix) }
      prefix += 1
    }
    var suffix = 0
    var oldLast = old.count - 1
    var newLast = new.count - 1
    let firstSuffixChange = changed.count
    while suffix < shorter - prefix && old[oldLast].hasSameID(as: new[newLast]) {
      if !old[oldLast].hasSameDigest(as: new[newLast]) { changed.append(oldLast) }
      suffix += 1
      oldLast -= 1
      newLast -= 1
    }
    changed[firstSuffixChange...].reverse()
    return (prefix, suffix)
  }

  private static func offsets(_ lengths: [Int]) -> [Int] {
    var offsets = [Int]()
    offsets.reserveCapacity(lengths.count + 1)
    var total = 0
    for length in lengths {
      offsets.append(total)
      total += length
    }
    offsets.append(total)
    return offsets
  }

  /// The number of rows in the old window of section `index`.
  func oldLength(_ index: Int) -> Int { oldOffsets[index + 1] - oldOffsets[index] }

  /// The number of rows in the new window of section `index`.
  func newLength(_ index: Int) -> Int { newOffsets[index + 1] - newOffsets[index] }

  /// The section holding compact row `compact` (`0 <= compact < offsets.last`): the last
  /// section whose window starts at or before it (empty windows share their successor's offset
  /// and are skipped). Callers cache the answer's range, so a run of rows from one section
  /// costs two comparisons each and the search runs once per change of section.
  ///
  /// - Complexity: O(log sections).
  static func section(of compact: Int, offsets: [Int]) -> Int {
    var low = 0  // offsets[low] <= compact
    var high = offsets.count - 1  // offsets[high] > compact
    while high - low > 1 {
      let middle = (low + high) / 2
      if offsets[middle] <= compact { low = middle } else { high = middle }
    }
    return low
  }
}
