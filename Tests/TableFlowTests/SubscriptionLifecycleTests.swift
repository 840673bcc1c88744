import TableCore
import Testing

@testable import TableFlow

/// One controller per screen: subscriptions end on their own, the pipeline lives on.
@Suite("Subscription lifecycle", .timeLimit(.minutes(5)))
struct SubscriptionLifecycleTests {
  /// Reads `iterator` until `done` holds for an update; that update.
  static func read(
    _ iterator: inout PipelineUpdates.Iterator, until done: (PresentedUpdate) -> Bool
  ) async throws -> PresentedUpdate? {
    while let update = try await iterator.next() {
      if done(update) { return update }
    }
    return nil
  }

  static func isLoaded(_ update: PresentedUpdate) -> Bool {
    update.snapshot.sections.contains { $0.id == "items" }
  }

  @Test("two controllers on two screens: the child is popped and its task cancelled, the root goes on")
  func twoControllers() async throws {
    let pipeline = try Pipeline(feed: TestFeed(), transport: StubTransport())
    let root = pipeline.rootScreen
    var rootUpdates = pipeline.updates(for: root).makeAsyncIterator()
    var navigations = pipeline.updates(buffering: .conflating).makeAsyncIterator()
    var rootTable = HeadlessTable()
    func applyToRoot(_ update: PresentedUpdate) throws {
      #expect(update.screen == root)
      try rootTable.apply(update.changeset)
      #expect(rootTable.snapshot == update.snapshot)
    }
    pipeline.send(.load)
    let loadedRoot = try await Self.read(&rootUpdates) { update in
      #expect(throws: Never.self) { try applyToRoot(update) }
      return Self.isLoaded(update)
    }
    #expect(loadedRoot != nil)
    pipeline.send(.select("item-0"))
    let push = try #require(try await Self.read(&navigations) { $0.navigation != nil })
    guard let navigation = push.navigation, navigation.kind == .pushed else {
      Issue.record("expected a push, got \(String(describing: push.navigation))")
      return
    }
    let child = navigation.to
    #expect(navigation.from == root)
    #expect(child.instance == 2)

    let (loaded, loadedSignal) = AsyncStream<Void>.makeStream()
    let childController = Task {
      var table = HeadlessTable()
      var received = 0
      for try await update in pipeline.updates(for: child) {
        #expect(update.screen == child)
        try table.apply(update.changeset)
        #expect(table.snapshot == update.snapshot)
        received += 1
        if update.snapshot.sections.contains(where: { $0.id == "detail" }) { loadedSignal.yield() }
      }
      return received
    }
    for await _ in loaded { break }
    let subscribers = pipeline.bus.subscriberCount
    pipeline.send(.back)
    childController.cancel()
    let childResult = await childController.result  // ended by the pop, or by cancellation
    if case .success(let received) = childResult { #expect(received >= 1) }
    #expect(pipeline.bus.subscriberCount == subscribers - 1)

    // The root's controller keeps receiving: the reveal, then a collapse.
    let reveal = try #require(try await rootUpdates.next())
    #expect(reveal.navigation == .popped(child, to: root))
    try applyToRoot(reveal)
    pipeline.send(.collapse("items"))
    let collapsed = try await Self.read(&rootUpdates) { update in
      #expect(throws: Never.self) { try applyToRoot(update) }
      return update.snapshot.sections.first { $0.id == "items" }?.isCollapsed == true
    }
    #expect(collapsed != nil)
    pipeline.finish()
    #expect(try await rootUpdates.next() == nil)
  }

  @Test("a subscription read once and dropped: 10,000 intents later the other got every update, memory flat")
  func droppedSubscriptionReleases() async throws {
    let pipeline = try Pipeline(feed: TestFeed(), transport: StubTransport())
    var reader = pipeline.updates.makeAsyncIterator()
    let baseline = pipeline.bus.subscriberCount
    let sequence = pipeline.updates(buffering: .lossless)
    do {
      var dropped = sequence.makeAsyncIterator()
      #expect(pipeline.bus.subscriberCount == baseline + 1)
      pipeline.send(.load)
      #expect(try await dropped.next()?.version == 1)
    }
    // The iterator is gone (the sequence value is not): so is its subscription.
    #expect(pipeline.bus.subscriberCount == baseline)
    withExtendedLifetime(sequence) {}

    let intents = 10_000
    let burst = 50  // a user acting on what is shown, a few intents at a time
    var versions: [Int] = []
    var maxBuffered = 0
    while let update = try await reader.next() {
      versions.append(update.version)
      maxBuffered = max(maxBuffered, pipeline.bus.bufferedCount)
      let handled = update.version - 2  // v2 is the loaded page; one update per intent after it
      guard handled >= 0, handled.isMultiple(of: burst) else { continue }
      if handled == intents {
        pipeline.finish()
      } else {
        for index in handled..<(handled + burst) {
          pipeline.send(index.isMultiple(of: 2) ? .collapse("items") : .expand("items"))
        }
      }
    }
    #expect(versions == Array(1...(intents + 2)))
    // A burst of 50 intents makes ~5 events each; without the release the buffer reaches
    // busCapacity (4,096) and the stages stall.
    #expect(maxBuffered < 1_024)
    #expect(pipeline.bus.rememberedCount == 1)
    print("lifecycle: \(versions.count) updates received, at most \(maxBuffered) events buffered")
  }

  @Test("a held, unread conflating subscription never stalls a 3,000-update session")
  func heldConflatingNeverStalls() async throws {
    let pipeline = try Pipeline(feed: TestFeed(), transport: StubTransport())
    let heldRoot = pipeline.updates(for: pipeline.rootScreen)
    let heldAll = pipeline.updates(buffering: .conflating)
    let intents: [Intent] =
      [.load] + (0..<2_999).map { $0.isMultiple(of: 2) ? .collapse("items") : .expand("items") }
    var maxBuffered = 0
    let outcome = await pipeline.run(intents) { _ in
      maxBuffered = max(maxBuffered, pipeline.bus.bufferedCount)
    }
    #expect(outcome.presentedCount == 3_001)
    #expect(maxBuffered < 1_024)  // held subscriptions keep nothing in the shared buffer
    for held in [heldRoot, heldAll] {
      var iterator = held.makeAsyncIterator()
      let last = try #require(try await iterator.next())
      #expect(last.version == 3_001)
      #expect(last.previous == .empty)  // rebased onto what this reader showed: nothing
      #expect(try TableSnapshot.empty.applying(last.changeset) == last.snapshot)
      #expect(try await iterator.next() == nil)
    }
    print("held conflating: 3001 updates presented, at most \(maxBuffered) events buffered")
  }

  @Test("subscribing after finish ends at once")
  func subscribeAfterFinish() async throws {
    let pipeline = try Pipeline(feed: TestFeed(), transport: BlockingTransport())
    _ = pipeline.updates  // the first reader's subscription is taken
    pipeline.send(.load)
    pipeline.finish()  // the load never settles: only an ended subscription returns
    var all = pipeline.updates.makeAsyncIterator()
    #expect(try await all.next() == nil)
    var conflating = pipeline.updates(buffering: .conflating).makeAsyncIterator()
    #expect(try await conflating.next() == nil)
    var root = pipeline.updates(for: pipeline.rootScreen, buffering: .lossless).makeAsyncIterator()
    #expect(try await root.next() == nil)
    pipeline.cancel()
    var afterCancel = pipeline.updates(for: pipeline.rootScreen).makeAsyncIterator()
    #expect(try await afterCancel.next() == nil)
  }

  @Test("a subscription for a screen already popped ends at once; one for a live screen ends with its pop")
  func poppedScreen() async throws {
    let pipeline = try Pipeline(feed: TestFeed(), transport: StubTransport())
    var events: [BusEvent] = []
    let child = ScreenRef(instance: 2, name: "detail", depth: 1)
    let whileShown = pipeline.updates(for: child, buffering: .lossless)
    _ = await pipeline.run([.load, .select("item-1"), .back]) { events.append($0) }
    var versions: [Int] = []
    for try await update in whileShown { versions.append(update.version) }
    #expect(versions == [1, 2])  // loading, loaded; ended by the pop, not by a stall
    #expect(
      events.contains { $0.event.presentedUpdate?.screen == child })
    let afterPop = try Pipeline(feed: TestFeed(), transport: StubTransport())
    var root = afterPop.updates(for: afterPop.rootScreen, buffering: .lossless).makeAsyncIterator()
    afterPop.send(.load)
    _ = try await Self.read(&root, until: Self.isLoaded)
    afterPop.send(.select("item-1"))
    afterPop.send(.back)
    let reveal = try await Self.read(&root) { $0.navigation?.kind == .popped }
    #expect(reveal?.navigation == .popped(child, to: afterPop.rootScreen))
    var gone = afterPop.updates(for: child).makeAsyncIterator()
    #expect(try await gone.next() == nil)
    afterPop.cancel()
  }

  @Test("dropping the Pipeline object ends its subscriptions")
  func pipelineGoesAway() async throws {
    func subscribe() throws -> PipelineUpdates {
      let pipeline = try Pipeline(feed: TestFeed(), transport: BlockingTransport())
      pipeline.send(.load)
      return pipeline.updates(for: pipeline.rootScreen, buffering: .lossless)
    }
    var iterator = try subscribe().makeAsyncIterator()
    while try await iterator.next() != nil {}
  }

  @Test("a main-actor consumer iterates a screen's updates")
  @MainActor
  func mainActorConsumer() async throws {
    let pipeline = try Pipeline(feed: TestFeed(), transport: StubTransport())
    var shown = HeadlessTable()
    pipeline.send(.load)
    for try await update in pipeline.updates(for: pipeline.rootScreen) {
      try shown.apply(update.changeset)
      if Self.isLoaded(update) { pipeline.finish() }
    }
    #expect(
      Self.isLoaded(
        PresentedUpdate(
          screen: pipeline.rootScreen, version: 0, previous: .empty, snapshot: shown.snapshot,
          changeset: StagedChangeset(), navigation: nil)))
  }
}
