import TableCore
import TestSupport
import Testing

@testable import TableFlow

@Suite("Memoised rows")
struct RowMemoPropertyTests {
  /// The rows of an item: none for multiples of 7 but 0, else one, and a second for even
  /// items; the page is in the id.
  private static func build(_ page: Int, _ item: Int, _ rows: inout [Row]) {
    if item != 0 && item.isMultiple(of: 7) { return }
    rows.append(
      Row(
        id: RowID("i\(item)-p\(page)"), kind: "item",
        model: FieldsModel(fields: [Field("value", .integer(item))], height: 10)))
    if item.isMultiple(of: 2) {
      rows.append(
        Row(id: RowID("i\(item)-p\(page)-extra"), kind: "extra", model: FieldsModel(fields: [], height: 4)))
    }
  }

  private static func rebuilt(_ pages: [[Int]]) -> [Row] {
    var rows: [Row] = []
    for (page, items) in pages.enumerated() {
      for item in items { build(page, item, &rows) }
    }
    return rows
  }

  /// One random edit of the pages, as answers and intents make them.
  private static func edit(_ pages: inout [[Int]], using random: inout SeededGenerator) {
    func anyItem() -> Int { Int.random(in: 0..<40, using: &random) }
    switch Int.random(in: 0..<8, using: &random) {
    case 0:  // one item changed
      guard let page = pages.indices.randomElement(using: &random), !pages[page].isEmpty else { return }
      pages[page][Int.random(in: 0..<pages[page].count, using: &random)] = anyItem()
    case 1:  // one inserted
      guard let page = pages.indices.randomElement(using: &random) else { return }
      pages[page].insert(anyItem(), at: Int.random(in: 0...pages[page].count, using: &random))
    case 2:  // one deleted
      guard let page = pages.indices.randomElement(using: &random), !pages[page].isEmpty else { return }
      pages[page].remove(at: Int.random(in: 0..<pages[page].count, using: &random))
    case 3:  // a page appended
      pages.append((0..<Int.random(in: 0..<6, using: &random)).map { _ in anyItem() })
    case 4:  // a fresh decode of the same answers: equal items, new arrays
      pages = pages.map { $0.map { $0 } }
    case 5:  // the last page dropped (a refresh that returns less)
      if !pages.isEmpty { pages.removeLast() }
    case 6:  // items shuffled within a page
      guard let page = pages.indices.randomElement(using: &random) else { return }
      pages[page].shuffle(using: &random)
    default:  // nothing changed
      break
    }
  }

  @Test("equal a full rebuild after every edit of random pages (40 seeds)", arguments: 0..<40)
  func equalsRebuild(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed))
    let state = ScreenState<Int>()
    var pages = (0..<Int.random(in: 0...3, using: &random)).map { _ in
      (0..<Int.random(in: 0..<8, using: &random)).map { _ in Int.random(in: 0..<40, using: &random) }
    }
    for step in 0..<60 {
      Self.edit(&pages, using: &random)
      let rows = state.rows("list", ofPages: pages, build: Self.build)
      #expect(rows == Self.rebuilt(pages), "seed \(seed), step \(step)")
      state.rowMemo.sweep()
    }
  }

  @Test("build only the items that changed, and return the same array when nothing did")
  func buildsOnlyChanges() {
    let state = ScreenState<Int>()
    var built = 0
    func rows(_ pages: [[Int]]) -> [Row] {
      state.rows("list", ofPages: pages) { page, item, rows in
        built += 1
        Self.build(page, item, &rows)
      }
    }
    var pages = [Array(0..<100), Array(100..<200)]
    let first = rows(pages)
    #expect(built == 200)
    built = 0
    let again = rows(pages)
    #expect(built == 0)
    #expect(
      again.withUnsafeBufferPointer { $0.baseAddress } == first.withUnsafeBufferPointer { $0.baseAddress })
    pages[1][50] = 1_000
    let changed = rows(pages)
    #expect(built == 1)
    #expect(changed == Self.rebuilt(pages))
    built = 0
    pages.append([300, 301])
    _ = rows(pages)
    #expect(built == 2)
    built = 0
    _ = rows(pages.map { $0.map { $0 } })  // a fresh decode of equal answers
    #expect(built == 0)
  }

  @Test("sweeping forgets the lists the last build did not use")
  func sweepForgetsUnused() {
    let state = ScreenState<Int>()
    _ = state.rows("a", of: [1, 2]) {
      Row(id: RowID("\($0)"), kind: "k", model: FieldsModel(fields: [], height: 1))
    }
    _ = state.rows("b", of: [3]) {
      Row(id: RowID("\($0)"), kind: "k", model: FieldsModel(fields: [], height: 1))
    }
    state.rowMemo.sweep()
    #expect(state.rowMemo.count == 2)
    _ = state.rows("a", of: [1, 2]) {
      Row(id: RowID("\($0)"), kind: "k", model: FieldsModel(fields: [], height: 1))
    }
    state.rowMemo.sweep()
    #expect(state.rowMemo.count == 1)
  }
}
