/// A shortest line-by-line edit script between two texts (Myers' O((N+M)·D) algorithm): the one
/// line diff of a log and its golden, for the unified diff `tableflow review` prints and the
/// lines the review page marks (``GoldenLogDifference`` says where they first differ).
///
/// The lines both texts start and end with are matched first; when more than
/// ``maximumEdits`` lines differ in what remains, that middle is reported as deleted and
/// inserted whole instead of searched (the search's memory grows with the square of the edits).
package struct LineDiff: Equatable, Sendable {
  /// One line of the script.
  package enum Edit: Equatable, Sendable {
    /// A line in both: its 0-based index in the old text and in the new one.
    case same(old: Int, new: Int)
    /// A line only the old text has.
    case deleted(old: Int)
    /// A line only the new text has.
    case inserted(new: Int)
  }

  /// Beyond this many differing lines the middle is not searched (see the type's discussion).
  package static let maximumEdits = 1000

  /// The old text's lines.
  package let old: [Substring]
  /// The new text's lines.
  package let new: [Substring]
  /// The script in text order; in each run of changes the deletions come before the insertions.
  package let edits: [Edit]

  /// Compares `old` with `new` line by line (a final newline ends the last line, it does not
  /// start an empty one).
  package init(old: String, new: String) {
    self.old = Self.lines(of: old)
    self.new = Self.lines(of: new)
    self.edits = Self.script(self.old, self.new)
  }

  /// Whether the texts have the same lines.
  package var isEmpty: Bool { edits.allSatisfy { if case .same = $0 { true } else { false } } }

  /// The lines of `text`: a final newline ends the last line.
  package static func lines(of text: String) -> [Substring] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  private static func script(_ old: [Substring], _ new: [Substring]) -> [Edit] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    var edits = (0..<prefix).map { Edit.same(old: $0, new: $0) }
    let oldMiddle = prefix..<(old.count - suffix)
    let newMiddle = prefix..<(new.count - suffix)
    let middle =
      myers(old[oldMiddle], new[newMiddle])
      ?? oldMiddle.map { Edit.deleted(old: $0) } + newMiddle.map { Edit.inserted(new: $0) }
    edits += grouped(middle)
    edits += (0..<suffix).map { Edit.same(old: oldMiddle.upperBound + $0, new: newMiddle.upperBound + $0) }
    return edits
  }

  /// The script between two slices (indexes are the slices' own, i.e. the whole texts'), or
  /// `nil` when it would take more than ``maximumEdits`` edits.
  private static func myers(_ old: ArraySlice<Substring>, _ new: ArraySlice<Substring>) -> [Edit]? {
    let n = old.count
    let m = new.count
    let limit = min(n + m, maximumEdits)
    let offset = limit + 1
    var frontier = [Int](repeating: 0, count: 2 * limit + 3)
    var trace: [[Int]] = []
    var found = false
    search: for depth in 0...limit {
      trace.append(frontier)
      for diagonal in stride(from: -depth, through: depth, by: 2) {
        var x: Int
        if takesInsertion(frontier, offset + diagonal, depth: depth, diagonal: diagonal) {
          x = frontier[offset + diagonal + 1]
        } else {
          x = frontier[offset + diagonal - 1] + 1
        }
        var y = x - diagonal
        while x < n, y < m, old[old.startIndex + x] == new[new.startIndex + y] {
          x += 1
          y += 1
        }
        frontier[offset + diagonal] = x
        if x >= n && y >= m {
          found = true
          break search
        }
      }
    }
    guard found else { return nil }
    // Walk back through the frontiers each depth started from.
    var edits: [Edit] = []
    var x = n
    var y = m
    for depth in stride(from: trace.count - 1, through: 0, by: -1) {
      let before = trace[depth]
      let diagonal = x - y
      let previous: Int
      if takesInsertion(before, offset + diagonal, depth: depth, diagonal: diagonal) {
        previous = diagonal + 1
      } else {
        previous = diagonal - 1
      }
      let startX = before[offset + previous]
      let startY = startX - previous
      while x > startX && y > startY {
        x -= 1
        y -= 1
        edits.append(.same(old: old.startIndex + x, new: new.startIndex + y))
      }
      guard depth > 0 else { break }
      if x == startX {
        y -= 1
        edits.append(.inserted(new: new.startIndex + y))
      } else {
        x -= 1
        edits.append(.deleted(old: old.startIndex + x))
      }
    }
    return edits.reversed()
  }

  /// Whether the furthest path on `diagonal` at `depth` comes from the diagonal above (an
  /// insertion) rather than the one below (a deletion).
  private static func takesInsertion(_ frontier: [Int], _ index: Int, depth: Int, diagonal: Int) -> Bool {
    diagonal == -depth || diagonal != depth && frontier[index - 1] < frontier[index + 1]
  }

  /// The script with each run of changes reordered: its deletions, then its insertions.
  private static func grouped(_ edits: [Edit]) -> [Edit] {
    var result: [Edit] = []
    var deleted: [Edit] = []
    var inserted: [Edit] = []
    for edit in edits {
      switch edit {
      case .same:
        result += deleted + inserted
        deleted.removeAll()
        inserted.removeAll()
        result.append(edit)
      case .deleted: deleted.append(edit)
      case .inserted: inserted.append(edit)
      }
    }
    return result + deleted + inserted
  }
}
