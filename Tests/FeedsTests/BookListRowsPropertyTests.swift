import TableCore
import TableFlow
import TestSupport
import Testing

@testable import Feeds

@Suite("Book list rows")
struct BookListRowsPropertyTests {
  /// A page of entries from a small pool of books (so repeats happen), some not decoded.
  private static func page(
    _ status: BookStatus, using random: inout SeededGenerator, total: Int
  ) -> BookCollections {
    let count = Int.random(in: 0..<6, using: &random)
    let items: [Tolerant<MyBook>] = (0..<count).map { index in
      if Int.random(in: 0..<10, using: &random) == 0 {
        return .invalid(
          InvalidItem(index: index, path: "collections[\(index)]", reason: "missing key 'book'"))
      }
      let id = Int.random(in: 0..<30, using: &random)
      let title = Int.random(in: 0..<4, using: &random) == 0 ? "三体 II" : "三体"
      return .valid(MyBook(status: status.rawValue, book: TestData.book("\(id)", title: title)))
    }
    return BookCollections(total: total, items: TolerantArray(items: items))
  }

  /// The screen's sections as a full rebuild makes them: the shelf of every page, then the moves.
  private static func rebuilt(_ state: ScreenState<BookCollections>) -> [Section] {
    BookListTransform.sections(BookListScreen.shelf(from: state), moves: state.changes)
  }

  @Test("equal a full rebuild for random answers and moves (30 seeds)", arguments: 0..<30)
  func equalsRebuild(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed))
    let screen = BookListScreen(user: "u")
    var state = ScreenState<BookCollections>()
    for step in 0..<50 {
      let status = BookStatus.allCases.randomElement(using: &random) ?? .wish
      switch Int.random(in: 0..<6, using: &random) {
      case 0, 1:  // the next page of a status
        state.pages[status.rawValue, default: []].append(
          Self.page(status, using: &random, total: Int.random(in: 0..<40, using: &random)))
      case 2:  // a refresh: a first page per status, decoded afresh
        for status in BookStatus.allCases {
          state.pages[status.rawValue] = [Self.page(status, using: &random, total: 20)]
        }
      case 3:  // a book moved (an action), or moved back
        let target = BookStatus.allCases.randomElement(using: &random) ?? .read
        let change = ScreenChange(
          key: BookListTransform.moveKey(bookID: "\(Int.random(in: 0..<30, using: &random))"),
          value: target.rawValue)
        state.changes.removeAll { $0.key == change.key }
        state.changes.append(change)
      case 4:  // the same pages decoded again: equal values, new arrays
        state.pages = state.pages.mapValues { pages in
          pages.map {
            BookCollections(total: $0.total, items: TolerantArray(items: $0.collections.items.map { $0 }))
          }
        }
      default:  // an intent that changes nothing the list shows (a collapse is the pipeline's)
        break
      }
      let sections = try screen.sections(for: state)
      #expect(sections == Self.rebuilt(state), "seed \(seed), step \(step)")
      // Origins: the walk over the pages (no moves) or the groups (moves) against the groups.
      var positions: [RowPosition] = []
      for _ in 0..<Int.random(in: 0..<8, using: &random) {
        let section = Int.random(in: 0...sections.count, using: &random)
        let rows = section < sections.count ? sections[section].rows.count : 3
        positions.append(RowPosition(section: section, row: Int.random(in: 0...rows, using: &random)))
      }
      let expected = BookListTransform.origins(
        of: positions, in: sections,
        groups: BookListTransform.applying(
          state.changes, to: BookListTransform.groups(BookListScreen.shelf(from: state))))
      #expect(
        screen.origins(ofRowsAt: positions, in: sections, state: state) == expected,
        "seed \(seed), step \(step)")
      // Built twice from the same state, the rows are the same arrays: nothing to validate or diff.
      let again = try screen.sections(for: state)
      #expect(
        zip(sections, again).allSatisfy { pair in
          pair.0.rows.withUnsafeBufferPointer { $0.baseAddress }
            == pair.1.rows.withUnsafeBufferPointer { $0.baseAddress }
        } || !state.changes.isEmpty)
    }
  }

  @Test(
    "the single-request list equals a full rebuild for random answers and moves (30 seeds)", arguments: 0..<30
  )
  func groupedEqualsRebuild(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed))
    let screen = BookListScreen(user: "u", grouping: .status)
    let slot = BookListScreen.allSlot
    var state = ScreenState<BookCollections>()
    for step in 0..<50 {
      let status = BookStatus.allCases.randomElement(using: &random) ?? .wish
      switch Int.random(in: 0..<5, using: &random) {
      case 0, 1:  // the next page, of mixed statuses
        var page = Self.page(status, using: &random, total: Int.random(in: 0..<40, using: &random))
        let other = BookStatus.allCases.randomElement(using: &random) ?? .read
        page.collections = TolerantArray(
          items: page.collections.items.enumerated().map { index, item in
            guard index.isMultiple(of: 2), case .valid(let entry) = item else { return item }
            return .valid(
              MyBook(status: Bool.random(using: &random) ? other.rawValue : "gift", book: entry.book))
          })
        state.pages[slot, default: []].append(page)
      case 2:  // a refresh with one page
        state.pages[slot] = [Self.page(status, using: &random, total: 20)]
      case 3:  // a book moved
        let target = BookStatus.allCases.randomElement(using: &random) ?? .read
        let change = ScreenChange(
          key: BookListTransform.moveKey(bookID: "\(Int.random(in: 0..<30, using: &random))"),
          value: target.rawValue)
        state.changes.removeAll { $0.key == change.key }
        state.changes.append(change)
      default:  // the same pages decoded again
        state.pages = state.pages.mapValues { pages in
          pages.map {
            BookCollections(total: $0.total, items: TolerantArray(items: $0.collections.items.map { $0 }))
          }
        }
      }
      let sections = try screen.sections(for: state)
      let rebuilt = BookListTransform.groupedSections(state.pages(in: slot), slot: slot, moves: state.changes)
      #expect(sections == rebuilt, "seed \(seed), step \(step)")
      let last = BookListTransform.groups(state.pages(in: slot), slot: slot).last?.id
      #expect(BookListRows.groups(state: state).last?.id == last, "seed \(seed), step \(step)")
    }
  }
}
