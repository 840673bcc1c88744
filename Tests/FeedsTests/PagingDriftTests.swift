import Feeds
import Foundation
import TableCore
import TableFlow
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The book list's offset paging while the user's own moves shift the backend's lists
/// (`tools/api-server.py` moves a book to the front of its new status): no book is lost or
/// shown twice (issue 17 item 12); the same for the books spec (`Examples/Specs/`), whose
/// offset paging follows the same rule.
@Suite("Paging under the screen's own moves", .timeLimit(.minutes(5)))
struct PagingDriftTests {
  /// Runs `script` live against a fresh server; returns the log, the last snapshot of the book
  /// list and the server's 想读 list afterwards (book ids, in order).
  static func run(
    _ script: String, feed name: String
  ) async throws -> (
    log: String, shown: [String], server: [String]
  ) {
    let server = try APIServer()
    defer { server.stop() }
    let feed: any Feed =
      name == "spec"
      ? try SpecFeed(
        contentsOf: SpecFeedGoldenTests.specsFolder.appendingPathComponent("books.tableflow.json").path)
      : try #require(BuiltinFeeds.named("books"))
    var last: TableSnapshot?
    let session = FeedSession(
      feed: feed, transport: try HTTPTransport(baseURL: server.baseURL.absoluteString),
      script: try ScriptedIntent.parseScript(script))
    let outcome = try await session.run { event, _ in
      if let update = event.event.presentedUpdate, update.screen.depth == 0 { last = update.snapshot }
    }
    #expect(outcome.worstFailure == nil)
    let shown =
      try #require(last).sections.first { $0.id == "wish" }?.rows.compactMap {
        BookListTransform.bookID(in: $0.id).flatMap { $0.isEmpty ? nil : $0 }
      } ?? []
    let url = server.baseURL.appendingPathComponent("v2/book/user/pmtao/collections")
    var components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
    components.queryItems = [
      URLQueryItem(name: "status", value: "wish"), URLQueryItem(name: "start", value: "0"),
      URLQueryItem(name: "count", value: "200"),
    ]
    let (body, _) = try await URLSession.shared.data(from: try #require(components.url))
    let page = try JSONDecoder().decode(BookCollections.self, from: body)
    let ids = page.collections.compactMap { item -> String? in
      if case .valid(let entry) = item { entry.book.id } else { nil }
    }
    // Each book has an info and a rating row: keep one id per book.
    var seen = Set<String>()
    return (outcome.log, shown.filter { seen.insert($0).inserted }, ids)
  }

  @Test(
    "two books left 想读 before its next page: the page starts two earlier, nothing is lost",
    arguments: ["books", "spec"])
  func booksLeftBeforeLoadMore(feed: String) async throws {
    let result = try await Self.run(
      """
      load
      action book-1000003-info mark-read
      action book-1000005-info mark-reading
      load-more wish
      """, feed: feed)
    // What the screen shows of 想读 is the backend's list, from its first book, with no gap.
    #expect(result.shown.count == 38)
    #expect(result.shown == Array(result.server.prefix(result.shown.count)))
    #expect(result.shown.contains("1000021") && result.shown.contains("1000022"))
    #expect(result.log.contains("collections?status=wish&start=18&count=20"))
  }

  @Test(
    "two books leave 想读 while its next page is requested: whatever the order, nothing is lost",
    arguments: ["books", "spec"])
  func booksLeaveDuringLoadMore(feed: String) async throws {
    let result = try await Self.run(
      """
      load
      action book-1000003-info mark-read &
      action book-1000005-info mark-reading &
      load-more wish
      """, feed: feed)
    // 38 when the backend moved both books before serving the page. When it moved them after,
    // the page overlaps the first by the two books it may have pulled up: 18 new books of
    // 20, a short page, refilled at once with the next page.
    #expect(result.shown.count >= 38)
    #expect(result.shown == Array(result.server.prefix(result.shown.count)))
    #expect(!result.shown.contains("1000003") && !result.shown.contains("1000005"))
  }

  @Test(
    "a book joins 想读 before its next page: the page starts one later, nothing is repeated",
    arguments: ["books", "spec"])
  func bookJoinsBeforeLoadMore(feed: String) async throws {
    let result = try await Self.run(
      """
      load
      action book-1000091-info mark-wish
      load-more wish
      """, feed: feed)
    #expect(result.shown.first == "1000091")
    #expect(result.shown.count == 41)
    #expect(result.shown == Array(result.server.prefix(result.shown.count)))
    #expect(result.log.contains("collections?status=wish&start=21&count=20"))
    #expect(!result.log.contains("dropped duplicate row 'book-10000"))
  }
}
