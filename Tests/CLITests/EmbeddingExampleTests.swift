import Feeds
import TableCore
import TableFlow
import TestSupport
import Testing

/// The README's embedding example, kept compiling and true: a feed driven from an async
/// program, each update applied to a headless table as UIKit would apply it.
@Suite("README embedding example", .timeLimit(.minutes(5)))
struct EmbeddingExampleTests {
  @Test("intents in, presented updates out; every changeset applies to the previous snapshot")
  func embedding() async throws {
    let fixture = APIServer.packageRoot.appendingPathComponent("Fixtures/books/session.jsonl.gz").path
    // README: begin
    let transport = try ReplayTransport(path: fixture)  // or HTTPTransport(baseURL: "http://…")
    let pipeline = try Pipeline(
      feed: BooksFeed(), transport: transport, options: PipelineOptions(parameters: ["user": "pmtao"]))
    let updates = pipeline.updates  // subscribe before sending intents
    pipeline.send(.load)
    pipeline.send(.loadMore("wish"))
    pipeline.finish()  // updates ends once the queued intents are handled

    var tables: [String: TableSnapshot] = [:]
    for try await update in updates {
      let before = tables[update.screen.name] ?? .empty
      // On iOS: for each stage, tableView.performBatchUpdates { … } with the stage's indexes.
      let after = try before.applying(update.changeset)
      tables[update.screen.name] = after
      print(update.screen.name, update.version, after.rowCount)
    }
    // README: end
    let books = try #require(tables["books"])
    #expect(books.sections.map(\.header) == ["想读", "在读", "读过"])
    #expect(books.sections[0].rows.count == 81)  // 40 books + a load-more row
  }
}
