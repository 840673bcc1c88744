import Feeds
import Foundation
import TableFlow
import Testing

/// Answers the book list's requests from memory: `read` holds `count` books, in one page;
/// books have no reviews.
private struct ShelfTransport: Transport {
  let body: [UInt8]
  let empty: [UInt8]

  init(count: Int) throws {
    let books = (0..<count).map { TestData.book(String($0), title: "书 \($0) 📖") }
    body = Array(try JSONEncoder().encode(TestData.page("read", books)))
    empty = Array(try JSONEncoder().encode(TestData.page("wish", [])))
  }

  func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    if request.path.hasSuffix("/reviews") {
      return TransportResponse(status: 200, body: Array(#"{"reviews":[]}"#.utf8))
    }
    let isRead = request.query.contains { $0.name == "status" && $0.value == "read" }
    return TransportResponse(status: 200, body: isRead ? body : empty)
  }
}

@Suite("BookListScreen", .timeLimit(.minutes(5)))
struct BookListScreenTests {
  @Test("loads a page of 10,000 books into 20,000 rows and routes their rows")
  func loadsTenThousandBooks() async throws {
    let pipeline = try Pipeline(feed: BooksFeed(), transport: try ShelfTransport(count: 10_000))
    var last: [String: Int] = [:]
    var pushed: [String] = []
    let outcome = await pipeline.run([.load, .select("book-9999-rating"), .back, .select("book-0-info")]) {
      event in
      switch event.event.payload {
      case .presented(let update):
        last[update.screen.name] = update.snapshot.rowCount
      case .navigated(let navigation) where navigation.kind == .pushed:
        pushed.append(navigation.to.name)
      default:
        break
      }
    }
    #expect(outcome.worstFailure == nil)
    #expect(last["books"] == 20_000)
    #expect(pushed == ["reviews", "detail"])
  }
}

@Suite("BookListScreen without a pipeline")
struct BookListScreenStateTests {
  @Test("a state built in the test drives sections, nextPage and collapsed sections")
  func stateFromPages() throws {
    let screen = BookListScreen(user: "pmtao", pageSize: 2)
    let first = TestData.page("wish", [TestData.book("1"), TestData.book("2")], total: 3)
    let state = ScreenState(pages: ["wish": [first]], collapsedSections: ["read"])
    let next = try #require(screen.nextPage(of: "wish", state: state))
    #expect(next.slot == "wish")
    #expect(next.request.query.contains { $0.name == "start" && $0.value == "2" })
    #expect(screen.nextPage(of: "reading", state: state) == nil)
    let sections = try screen.sections(for: state)
    #expect(sections.first?.rows.count == 4)  // an info and a rating row per book
    #expect(state.collapsedSections == ["read"])

    let last = TestData.page("wish", [TestData.book("3")], total: 3)
    let complete = ScreenState(pages: ["wish": [first, last]])
    #expect(screen.nextPage(of: "wish", state: complete) == nil)
  }
}
