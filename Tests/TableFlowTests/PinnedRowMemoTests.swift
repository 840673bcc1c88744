import TableCore
import TestSupport
import Testing

@testable import TableFlow

@Suite("Memoised rows pinned to their index")
struct PinnedRowMemoTests {
  /// An item that knows its index in its page but is equal to any item of the same value
  /// (as a spec record is).
  struct Placed: Hashable, Sendable {
    var value: Int
    var index: Int

    static func == (lhs: Placed, rhs: Placed) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
  }

  /// The rows of an item: multiples of 3 show their index (and say so), the others do not.
  private static func build(_ page: Int, _ item: Placed, _ rows: inout [Row]) -> Bool {
    let pinned = item.value.isMultiple(of: 3)
    var fields = [Field("value", .integer(item.value))]
    if pinned { fields.append(Field("at", .integer(item.index))) }
    rows.append(
      Row(id: RowID("v\(item.value)-p\(page)"), kind: "item", model: FieldsModel(fields: fields, height: 10)))
    return pinned
  }

  private static func placed(_ pages: [[Int]]) -> [[Placed]] {
    pages.map { page in page.enumerated().map { Placed(value: $0.element, index: $0.offset) } }
  }

  private static func rebuilt(_ pages: [[Placed]]) -> [Row] {
    var rows: [Row] = []
    for (page, items) in pages.enumerated() {
      for item in items { _ = build(page, item, &rows) }
    }
    return rows
  }

  @Test(
    "equal a full rebuild after every insertion, removal, change and shuffle (40 seeds)", arguments: 0..<40)
  func equalsRebuild(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed))
    let state = ScreenState<Int>()
    // Distinct values per page, so that row ids stay unique.
    var pages = (0..<Int.random(in: 1...3, using: &random)).map { page in
      Array((page * 100)..<(page * 100 + Int.random(in: 0..<12, using: &random)))
    }
    var next = 1_000
    for step in 0..<80 {
      let page = Int.random(in: 0..<pages.count, using: &random)
      switch Int.random(in: 0..<5, using: &random) {
      case 0:
        pages[page].insert(next, at: Int.random(in: 0...pages[page].count, using: &random))
        next += 1
      case 1:
        if !pages[page].isEmpty {
          pages[page].remove(at: Int.random(in: 0..<pages[page].count, using: &random))
        }
      case 2:
        if !pages[page].isEmpty {
          pages[page][Int.random(in: 0..<pages[page].count, using: &random)] = next
          next += 1
        }
      case 3: pages[page].shuffle(using: &random)
      default: break
      }
      let items = Self.placed(pages)
      let rows = state.memoisedRows("list", ofPages: items, build: Self.build)
      #expect(rows == Self.rebuilt(items), "seed \(seed), step \(step)")
      state.rowMemo.sweep()
    }
  }

  @Test("an insertion rebuilds the new item and the pinned items it moved, nothing else")
  func rebuildsOnlyMovedPinned() {
    let state = ScreenState<Int>()
    var built: [Int] = []
    func rows(_ values: [Int]) -> [Row] {
      state.memoisedRows("list", ofPages: Self.placed([values])) { page, item, rows in
        built.append(item.value)
        return Self.build(page, item, &rows)
      }
    }
    let values = [1, 2, 3, 4, 5, 6, 7, 8]
    _ = rows(values)
    built = []
    let moved = rows([100] + values)
    #expect(built == [100, 3, 6])
    #expect(moved == Self.rebuilt(Self.placed([[100] + values])))
    // Same length, a change at the end: the pinned items stay where they are, kept.
    built = []
    _ = rows([100] + values.dropLast() + [10])
    #expect(built == [10])
  }
}
