import Feeds
import TableCore
import Testing

@Suite("BookShelf")
struct BookShelfTests {
  @Test("pages on from what arrived until the total is reached")
  func pagesUntilTotal() {
    var shelf = BookShelf()
    #expect(!shelf[.wish].hasMore)
    shelf.append(TestData.page("wish", [TestData.book("1"), TestData.book("1")], total: 3), for: .wish)
    #expect(shelf.nextStart(for: .wish) == 2)
    #expect(shelf[.wish].hasMore)
    shelf.append(TestData.page("wish", [TestData.book("2")], total: 3), for: .wish)
    #expect(!shelf[.wish].hasMore)
    shelf.reset(TestData.page("wish", [TestData.book("5")], total: 3), for: .wish)
    #expect(shelf.nextStart(for: .wish) == 1)
  }

  @Test("counts progress over pages as appending them would")
  func countsProgress() {
    let pages = [
      TestData.page("wish", [TestData.book("1"), TestData.book("2")], total: 5),
      TestData.page("wish", [TestData.book("3")], total: 5),
    ]
    var shelf = BookShelf()
    for page in pages { shelf.append(page, for: .wish) }
    #expect(BookShelf.progress(of: pages) == (3, true))
    #expect(shelf[.wish].hasMore && shelf.nextStart(for: .wish) == 3)
    #expect(BookShelf.progress(of: pages + [TestData.page("wish", [], total: 5)]) == (3, false))
    #expect(BookShelf.progress(of: []) == (0, false))
  }

  @Test("an empty page ends a shelf whose total is overstated")
  func emptyPageEndsShelf() {
    var shelf = BookShelf()
    shelf.append(TestData.page("read", [TestData.book("1")], total: 50), for: .read)
    shelf.append(TestData.page("read", [], total: 50), for: .read)
    #expect(!shelf[.read].hasMore)
    #expect(shelf.book(id: "1")?.title == "三体")
    #expect(shelf.book(id: "2") == nil)
  }
}
