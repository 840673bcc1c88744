import Feeds
import TableCore
import TableFlow
import TestSupport
import Testing

/// The README's embedding example, kept compiling and true: a feed driven from an async
/// program against the loopback backend, each update applied to a headless table as UIKit
/// would apply it, one table per screen instance.
@Suite("README embedding example", .timeLimit(.minutes(5)))
struct EmbeddingExampleTests {
  @Test("a screen pushed twice gets two tables; every changeset applies to its screen's table")
  func embedding() async throws {
    let server = try APIServer()  // tools/api-server.py on a free loopback port
    defer { server.stop() }
    let baseURL = server.baseURL.absoluteString  // the README's "http://127.0.0.1:8080"
    // README: begin
    let transport = try HTTPTransport(baseURL: baseURL)  // or ReplayTransport(path:)
    let pipeline = try Pipeline(
      feed: BooksFeed(), transport: transport, options: PipelineOptions(parameters: ["user": "pmtao"]))
    let updates = pipeline.updates  // subscribe before sending intents
    pipeline.send(.load)
    pipeline.send(.select("book-1000001-rating"))  // pushes a reviews screen
    pipeline.send(.back)
    pipeline.send(.select("book-1000002-rating"))  // pushes another reviews screen
    pipeline.finish()  // updates ends once the queued intents are handled

    // One table per screen instance: the two reviews screens are two tables, as they would
    // be two view controllers.
    var tables: [ScreenRef: TableSnapshot] = [:]
    for try await update in updates {
      let before = tables[update.screen] ?? .empty
      // On iOS: for each stage, tableView.performBatchUpdates { … } with the stage's indexes.
      let after = try before.applying(update.changeset)
      tables[update.screen] = after
      print(update.screen.name, update.screen.instance, update.version, after.rowCount)
    }
    // README: end
    let reviews = tables.keys.filter { $0.name == "reviews" }.sorted { $0.instance < $1.instance }
    #expect(reviews.count == 2)
    let bookIDs = reviews.map { screen in
      tables[screen]?.sections.first?.rows.flatMap(\.fields).first { $0.name == "bookID" }?.value.description
    }
    #expect(bookIDs == [#""1000001""#, #""1000002""#])
    let books = try #require(tables.first { $0.key.name == "books" }?.value)
    #expect(books.sections.map(\.header) == ["想读", "在读", "读过"])
  }
}
