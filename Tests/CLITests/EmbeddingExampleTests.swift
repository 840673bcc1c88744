import Feeds
import TableCore
import TableFlow
import TestSupport
import Testing

// README: begin
/// Shows the books list, then asks for the next page of 想读 and, while it loads, collapses
/// 读过: the collapse is presented at once, without waiting for the page.
func browseBooks(_ pipeline: Pipeline) async throws -> [String] {
  let updates = pipeline.updates  // subscribe before sending intents
  pipeline.send(.load)
  var tables: [Int: TableSnapshot] = [:]  // by screen instance: a screen may be pushed twice
  var lines: [String] = []
  for try await update in updates {
    let before = tables[update.screen.instance] ?? .empty
    // On iOS: for each stage, tableView.performBatchUpdates { … } with the stage's indexes.
    let after = try before.applying(update.changeset)
    tables[update.screen.instance] = after
    let wish = after.sections.first { $0.id == "wish" }
    let read = after.sections.first { $0.id == "read" }
    lines.append(
      "\(update.screen.name) v\(update.version): 想读 \(wish?.rows.count ?? 0) rows"
        + (read?.isCollapsed == true ? ", 读过 collapsed" : ""))
    if update.version == 2 {
      pipeline.send(.loadMore("wish"))  // the next page is requested…
      pipeline.send(.collapse("read"))  // …and this is presented while it loads
    }
    if (wish?.rows.count ?? 0) > 41 { pipeline.finish() }  // the page is in: done
  }
  return lines
}
// README: end

/// The README's embedding example, kept compiling and true: a feed driven from an async
/// program, each update applied to a headless table as UIKit would apply it.
@Suite("README embedding example", .timeLimit(.minutes(5)))
struct EmbeddingExampleTests {
  @Test(
    "a collapse sent while a page loads is presented before the page arrives", .timeLimit(.minutes(5)))
  func embedding() async throws {
    let fixture = APIServer.packageRoot.appendingPathComponent("Fixtures/books/session.jsonl.gz").path
    // The second page of 想读 is held back until the collapse has been presented.
    let transport = HeldTransport(try ReplayTransport(path: fixture), holding: "start=20")
    let pipeline = try Pipeline(
      feed: BooksFeed(), transport: transport, options: PipelineOptions(parameters: ["user": "pmtao"]))
    let watcher = pipeline.bus.subscribe()
    let release = Task {
      for await event in watcher {
        guard let update = event.event.presentedUpdate,
          update.snapshot.sections.contains(where: { $0.id == "read" && $0.isCollapsed })
        else { continue }
        transport.release()
        return
      }
    }
    let lines = try await browseBooks(pipeline)
    await release.value
    #expect(
      lines == [
        "books v1: 想读 0 rows",
        "books v2: 想读 41 rows",
        "books v3: 想读 41 rows",  // the load-more row says "Loading more…"
        "books v4: 想读 41 rows, 读过 collapsed",
        "books v5: 想读 81 rows, 读过 collapsed",
      ])
  }
}

@Suite("README embedding: tables per screen instance", .timeLimit(.minutes(5)))
struct ScreenInstanceTests {
  @Test("a screen pushed twice gets two tables, each taking every changeset of its own screen")
  func pushedTwice() async throws {
    let server = try APIServer()  // tools/api-server.py on a free loopback port
    defer { server.stop() }
    let pipeline = try Pipeline(
      feed: BooksFeed(), transport: try HTTPTransport(baseURL: server.baseURL.absoluteString),
      options: PipelineOptions(parameters: ["user": "pmtao"]))
    // Keyed as browseBooks keys them: by screen instance.
    var tables: [Int: TableSnapshot] = [:]
    var names: [Int: String] = [:]
    var failures: [String] = []
    let outcome = await pipeline.run([
      .load, .select("book-1000001-rating"), .back, .select("book-1000002-rating"),
    ]) { event in
      guard let update = event.event.presentedUpdate else { return }
      do {
        let before = tables[update.screen.instance] ?? .empty
        tables[update.screen.instance] = try before.applying(update.changeset)
        names[update.screen.instance] = update.screen.name
      } catch {
        failures.append("\(update.screen.name) v\(update.version): \(error)")
      }
    }
    #expect(outcome.worstFailure == nil)
    #expect(failures.isEmpty)
    let reviews = names.filter { $0.value == "reviews" }.keys.sorted()
    #expect(reviews.count == 2)
    let bookIDs = reviews.map { instance in
      tables[instance]?.sections.first?.rows.flatMap(\.fields).first { $0.name == "bookID" }?.value
        .description
    }
    #expect(bookIDs == [#""1000001""#, #""1000002""#])
  }
}

/// Passes requests to another transport, holding those whose URL contains `marker` until
/// `release()`.
final class HeldTransport: Transport {
  private let inner: any Transport
  private let marker: String
  private let gate = Locked<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

  init(_ inner: any Transport, holding marker: String) {
    self.inner = inner
    self.marker = marker
  }

  func release() {
    let waiting = gate.withLock { gate in
      gate.open = true
      defer { gate.waiting = [] }
      return gate.waiting
    }
    for continuation in waiting { continuation.resume() }
  }

  func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    if request.relativeURL.contains(marker) {
      await withCheckedContinuation { continuation in
        let open = gate.withLock { gate in
          if !gate.open { gate.waiting.append(continuation) }
          return gate.open
        }
        if open { continuation.resume() }
      }
    }
    return try await inner.send(request)
  }
}
