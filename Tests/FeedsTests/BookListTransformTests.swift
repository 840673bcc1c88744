import Feeds
import TableCore
import Testing

@Suite("BookListTransform")
struct BookListTransformTests {
  private func shelf(_ pages: [BookStatus: BookCollections]) -> BookShelf {
    var shelf = BookShelf()
    for (status, page) in pages { shelf.append(page, for: status) }
    return shelf
  }

  @Test("splits books into 想读, 在读 and 读过, an info row followed by a rating row")
  func splitsBooksByStatus() throws {
    let snapshot = BookListTransform.snapshot(
      shelf([
        .read: TestData.page("read", [TestData.book("3")]),
        .wish: TestData.page("wish", [TestData.book("1", authors: ["刘慈欣", "Ken Liu"])]),
        .reading: TestData.page("reading", [TestData.book("2")], total: 5),
      ]))
    #expect(snapshot.sections.map(\.id) == ["wish", "reading", "read"])
    #expect(snapshot.sections.map(\.header) == ["想读", "在读", "读过"])
    #expect(snapshot.sections[1].footer == "共 5 本")
    let wish = snapshot.sections[0].rows
    #expect(wish.map(\.id) == ["book-1-info", "book-1-rating"])
    #expect(wish.map(\.kind) == ["bookInfo", "bookRating"])
    #expect(
      wish[0].fields.map(\.name) == [
        "title", "authors", "publisher", "isbn13", "price", "pubdate", "summary",
      ])
    #expect(wish[0].fields[1].value == .text("刘慈欣、Ken Liu"))
    #expect(wish[1].fields[0].value == .text("评分：8.9"))
    #expect(wish[1].fields[1].value == .text("评价人数：1234"))
  }

  @Test("shows a book without isbn13, its isbn empty as in seed A")
  func showsBookWithoutISBN() throws {
    let json =
      #"{"total":1,"collections":[{"status":"wish","book":{"id":"9","title":"无书号","rating":{"average":"0.0","numRaters":0}}}]}"#
    let page = try TestData.decode(BookCollections.self, json)
    let snapshot = BookListTransform.snapshot(shelf([.wish: page]))
    let info = try #require(snapshot.sections.first?.rows.first)
    #expect(info.fields.first { $0.name == "isbn13" }?.value == .text(""))
    #expect(info.fields.first { $0.name == "authors" }?.value == .text(""))
    #expect(info.height > 0)
  }

  @Test("a book listed twice shows once, where it first appears")
  func dropsDuplicateBooks() throws {
    let snapshot = BookListTransform.snapshot(
      shelf([
        .wish: TestData.page("wish", [TestData.book("1"), TestData.book("2"), TestData.book("1")]),
        .read: TestData.page("read", [TestData.book("2"), TestData.book("3")]),
      ]))
    #expect(
      snapshot.sections[0].rows.map(\.id) == ["book-1-info", "book-1-rating", "book-2-info", "book-2-rating"])
    #expect(snapshot.sections[1].rows.map(\.id) == ["book-3-info", "book-3-rating"])
    _ = try TableSnapshot(validating: snapshot.sections)
  }

  @Test("leaves out a status with no books, and shows nothing for an empty collection")
  func leavesOutEmptyStatuses() {
    let some = BookListTransform.snapshot(shelf([.reading: TestData.page("reading", [TestData.book("1")])]))
    #expect(some.sections.map(\.id) == ["reading"])
    let none = BookListTransform.snapshot(shelf([.wish: TestData.page("wish", [], total: 0)]))
    #expect(none.sections.isEmpty)
  }

  @Test("keeps unicode and emoji as sent, with heights that grow with the text")
  func keepsUnicode() {
    let short = TestData.book("1", title: "📚")
    let long = TestData.book("2", title: String(repeating: "Ça vaut le détour 🇨🇳 三体 ", count: 20))
    let snapshot = BookListTransform.snapshot(shelf([.wish: TestData.page("wish", [short, long])]))
    let rows = snapshot.sections[0].rows
    #expect(rows[0].fields[0].value == .text("📚"))
    #expect(rows[2].fields[0].value == .text(long.title))
    #expect(rows[2].height > rows[0].height)
    #expect(rows.allSatisfy { $0.height == $0.height.rounded() })
  }

  @Test("builds 10,000 books into 20,000 rows with unique ids")
  func buildsTenThousandBooks() throws {
    let books = (0..<10_000).map { TestData.book(String($0), title: "书 \($0)") }
    let snapshot = BookListTransform.snapshot(shelf([.read: TestData.page("read", books)]))
    #expect(snapshot.rowCount == 20_000)
    _ = try TableSnapshot(validating: snapshot.sections)
  }

  @Test("reads the book id back from info and rating row ids")
  func readsBookIDs() {
    #expect(BookListTransform.bookID(in: BookListTransform.infoRowID(bookID: "12")) == "12")
    #expect(BookListTransform.bookID(in: BookListTransform.ratingRowID(bookID: "a-b")) == "a-b")
    #expect(BookListTransform.bookID(in: "book--info") == nil)
    #expect(BookListTransform.bookID(in: "tableflow.more.wish") == nil)
  }
}
