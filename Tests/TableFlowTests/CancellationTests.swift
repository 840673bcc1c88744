import TableCore
import Testing

@testable import TableFlow

@Suite("Cancellation", .timeLimit(.minutes(5)))
struct CancellationTests {
  @Test("cancelling the task running a session stops the stages and the request in flight")
  func cancelRun() async throws {
    let transport = BlockingTransport()
    let pipeline = try Pipeline(feed: TestFeed(), transport: transport)
    let session = Task { await pipeline.run([.load, .refresh, .back]) }
    for await _ in transport.started { break }
    session.cancel()
    let outcome = await session.value
    #expect(outcome.wasCancelled)
    #expect(transport.cancelledCount == 1)
    #expect(outcome.presentedCount == 1)  // the loading snapshot, nothing after
  }

  @Test("cancelling the task iterating updates ends that subscription only, not the pipeline")
  func cancelUpdatesConsumer() async throws {
    let transport = BlockingTransport()
    let pipeline = try Pipeline(feed: TestFeed(), transport: transport)
    let updates = pipeline.updates
    let consumer = Task {
      var versions: [Int] = []
      do {
        for try await update in updates { versions.append(update.version) }
        return (versions, false)
      } catch {
        return (versions, error is CancellationError)
      }
    }
    pipeline.send(.load)
    for await _ in transport.started { break }
    let subscribers = pipeline.bus.subscriberCount
    consumer.cancel()
    let (versions, threwCancellation) = await consumer.value
    #expect(threwCancellation)
    #expect(versions.count <= 1)
    #expect(pipeline.bus.subscriberCount == subscribers - 1)  // its subscription is gone
    #expect(transport.cancelledCount == 0)  // the request in flight goes on
    // The pipeline still runs: a new subscription starts from the root's loading snapshot.
    var after = pipeline.updates(for: pipeline.rootScreen).makeAsyncIterator()
    let current = try #require(try await after.next())
    #expect(current.version == 1)
    pipeline.cancel()
    #expect(try await after.next() == nil)
  }

  @Test("updates end once everything sent has settled after finish", .timeLimit(.minutes(5)))
  func finishEndsUpdates() async throws {
    let pipeline = try Pipeline(feed: TestFeed(), transport: StubTransport())
    let updates = pipeline.updates
    pipeline.send(.load)
    var versions: [Int] = []
    for try await update in updates {
      versions.append(update.version)
      if update.version == 2 {
        pipeline.send(.loadMore("items"))
        pipeline.finish()
      }
    }
    #expect(versions == [1, 2, 3, 4])  // loading, loaded, load-more row loading, next page
  }

  @Test("a conflating subscription read after the session skips to the newest snapshot")
  func conflatingAfterSession() async throws {
    let pipeline = try Pipeline(feed: TestFeed(), transport: StubTransport())
    let latest = pipeline.updates(buffering: .conflating)
    _ = await pipeline.run([.load, .loadMore("items"), .loadMore("items")])
    var iterator = latest.makeAsyncIterator()
    let newest = try await iterator.next()
    #expect(newest?.version == 6)  // two versions per load-more: its row loading, its page
    #expect(try await iterator.next() == nil)
  }

  @Test("the first reader of updates sees the updates of intents sent before it subscribed")
  func firstReaderSeesEverything() async throws {
    let pipeline = try Pipeline(feed: TestFeed(), transport: StubTransport())
    pipeline.send(.load)
    pipeline.send(.collapse("more"))
    pipeline.finish()
    var versions: [Int] = []
    for try await update in pipeline.updates { versions.append(update.version) }
    // The collapse names a section the loading snapshot lacks: a visible failure, no update.
    #expect(versions == [1, 2])
  }
}
