import TableFlow
import TestSupport
import Testing

@testable import CLIKit

@Suite("the review's line diff and its unified text")
struct LineDiffTests {
  /// The old and new texts rebuilt from a script.
  static func rebuilt(_ diff: LineDiff) -> (old: [Substring], new: [Substring]) {
    var old: [Substring] = []
    var new: [Substring] = []
    for edit in diff.edits {
      switch edit {
      case .same(let o, let n):
        #expect(diff.old[o] == diff.new[n])
        old.append(diff.old[o])
        new.append(diff.new[n])
      case .deleted(let o): old.append(diff.old[o])
      case .inserted(let n): new.append(diff.new[n])
      }
    }
    return (old, new)
  }

  /// The length of a longest common subsequence, by dynamic programming.
  static func lcs(_ a: [Substring], _ b: [Substring]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    return table[0][0]
  }

  @Test("the script rebuilds both texts and keeps a longest common subsequence", arguments: 0..<200)
  func shortestScript(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed))
    let alphabet = ["a", "b", "c", "> step", ""]
    func text() -> String {
      let count = Int(random.next() % 12)
      return (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] + "\n" }.joined()
    }
    let old = text()
    let new = text()
    let diff = LineDiff(old: old, new: new)
    let (rebuiltOld, rebuiltNew) = Self.rebuilt(diff)
    #expect(rebuiltOld == diff.old)
    #expect(rebuiltNew == diff.new)
    let kept = diff.edits.filter { if case .same = $0 { true } else { false } }.count
    #expect(kept == Self.lcs(diff.old, diff.new), "old \(old.debugDescription) new \(new.debugDescription)")
    #expect(diff.isEmpty == (old == new))
  }

  @Test("in each run of changes the deletions come first")
  func deletionsFirst() {
    let diff = LineDiff(old: "x\na\nb\ny\n", new: "x\nc\nd\ny\n")
    #expect(
      diff.edits == [
        .same(old: 0, new: 0), .deleted(old: 1), .deleted(old: 2), .inserted(new: 1),
        .inserted(new: 2), .same(old: 3, new: 3),
      ])
  }

  @Test("a middle with more edits than the limit is replaced whole, still a valid script")
  func overTheLimit() {
    let old = (0..<1500).map { "old \($0)\n" }.joined()
    let new = (0..<1500).map { "new \($0)\n" }.joined()
    let diff = LineDiff(old: "same\n" + old + "end\n", new: "same\n" + new + "end\n")
    #expect(diff.edits.count == 3002)
    #expect(diff.edits.first == .same(old: 0, new: 0))
    #expect(diff.edits.last == .same(old: 1501, new: 1501))
    let (rebuiltOld, rebuiltNew) = Self.rebuilt(diff)
    #expect(rebuiltOld == diff.old && rebuiltNew == diff.new)
  }

  @Test("unchanged runs collapse to a count; step headers and the lines near a change stay")
  func collapsedText() {
    let golden = """
      > load
      books v1: 1 section, 40 rows
      \((1...10).map { "  row \($0)" }.joined(separator: "\n"))
      > select row-5
      push detail
      detail v1: 1 section, 2 rows
        title Old
        rating 4
      > back
      back to books v2
      """
    let new = golden.replacing("  title Old", with: "  title New")
    let text = LogDiffText().render(LineDiff(old: golden + "\n", new: new + "\n"))
    #expect(
      text == """
          > load
          … 11 unchanged lines
          > select row-5
          push detail
          detail v1: 1 section, 2 rows
        -   title Old
        +   title New
            rating 4
          > back
          back to books v2

        """)
    #expect(LogDiffText().render(LineDiff(old: golden, new: golden)) == "")
  }

  @Test("a single unchanged line is shown rather than counted")
  func singleHiddenLine() {
    let golden = "a\nb\nc\nd\ne\nf\ng\nh\ni\n"
    let new = "A\nb\nc\nd\ne\nf\ng\nh\nI\n"
    let text = LogDiffText().render(LineDiff(old: golden, new: new))
    #expect(text.contains("  e\n"))
    #expect(!text.contains("unchanged"))
  }

  @Test("backend text cannot reach the terminal as an escape; colour is only the diff's own")
  func escapedAndColoured() {
    let golden = "> load\n  title \"Plain\"\n"
    let new = "> load\n  title \"\u{1B}[2J\u{7}Evil\u{202E}\"\n"
    let plain = LogDiffText().render(LineDiff(old: golden, new: new))
    #expect(!plain.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
    #expect(plain.contains(#"+   title "\u001b[2J\u0007Evil\u202e""# + "\n"))
    let coloured = LogDiffText(colour: true).render(LineDiff(old: golden, new: new))
    #expect(coloured.contains("\u{1B}[1m  > load\u{1B}[0m\n"))
    #expect(coloured.contains("\u{1B}[31m-   title \"Plain\"\u{1B}[0m\n"))
    #expect(coloured.hasPrefix("\u{1B}[1m"))
    // Each line's colour is opened and closed on it: nothing else in it is an escape.
    for line in coloured.split(separator: "\n") {
      #expect(line.filter { $0 == "\u{1B}" }.count == 2)
    }
  }
}
