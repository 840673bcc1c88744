import TableCore
import Testing

@testable import TableFlow

/// A conflating subscription that falls behind: fewer updates, every one of them applicable.
@Suite("Conflating updates", .timeLimit(.minutes(5)))
struct ConflatingUpdatesTests {
  /// A session with pages, pushes, pops and collapses.
  static let script: [Intent] = [
    .load, .loadMore("items"), .select("item-0"), .back, .collapse("items"), .loadMore("items"),
    .expand("items"), .select("item-3"), .refresh, .back, .loadMore("items"), .collapse("more"),
  ]

  /// What a reader of updates shows: one table per live screen instance.
  struct Screens {
    var tables: [Int: HeadlessTable] = [:]
    var received: [PresentedUpdate] = []

    /// Applies `update` as a table view would; records an issue when it does not apply.
    mutating func apply(_ update: PresentedUpdate) {
      var table = tables[update.screen.instance] ?? HeadlessTable()
      #expect(table.snapshot == update.previous, "\(update.screen.name) v\(update.version)")
      do {
        try table.apply(update.changeset)
      } catch {
        Issue.record("\(update.screen.name) v\(update.version): \(error)")
      }
      #expect(table.snapshot == update.snapshot, "\(update.screen.name) v\(update.version)")
      tables[update.screen.instance] = table
      if let navigation = update.navigation, navigation.kind == .popped {
        tables[navigation.from.instance] = nil
      }
      received.append(update)
    }
  }

  /// Checks what a conflating reader got against every presented update.
  static func check(_ got: [PresentedUpdate], against presented: [PresentedUpdate]) {
    #expect(!got.isEmpty)
    #expect(got.count <= presented.count)
    // Navigations are never skipped.
    let navigations = { (updates: [PresentedUpdate]) in updates.compactMap(\.navigation) }
    #expect(navigations(got) == navigations(presented))
    // It ends on the final snapshot of every screen it showed last.
    #expect(got.last?.snapshot == presented.last?.snapshot)
    #expect(got.last?.version == presented.last?.version)
  }

  static func presented(_ event: BusEvent) -> PresentedUpdate? {
    event.event.presentedUpdate
  }

  @Test("a reader that reads only after the session gets each screen's newest update, applicable")
  func readsAfterSession() async throws {
    let pipeline = try Pipeline(feed: TestFeed(), transport: StubTransport(total: 9))
    let updates = pipeline.updates(buffering: .conflating)
    var presented: [PresentedUpdate] = []
    let outcome = await pipeline.run(Self.script) { event in
      if let update = Self.presented(event) { presented.append(update) }
    }
    #expect(outcome.worstFailure == nil)
    var screens = Screens()
    for try await update in updates { screens.apply(update) }
    Self.check(screens.received, against: presented)
    #expect(screens.received.count < presented.count)  // it skipped
    let rebased = screens.received.filter { got in
      presented.contains {
        $0.screen == got.screen && $0.version == got.version && $0.previous != got.previous
      }
    }
    #expect(!rebased.isEmpty)
    print("conflating after the session: \(screens.received.count) of \(presented.count) updates")
  }

  @Test("a reader that yields between reads still ends on the final snapshot, every changeset applying")
  func slowReader() async throws {
    let pipeline = try Pipeline(feed: TestFeed(), transport: StubTransport(total: 9))
    let updates = pipeline.updates(buffering: .conflating)
    let reader = Task {
      var screens = Screens()
      for try await update in updates {
        screens.apply(update)
        for _ in 0..<200 { await Task.yield() }  // a busy main thread
      }
      return screens.received
    }
    var presented: [PresentedUpdate] = []
    let intents = Self.script + (0..<200).map { $0.isMultiple(of: 2) ? .collapse("items") : .expand("items") }
    _ = await pipeline.run(intents) { event in
      if let update = Self.presented(event) { presented.append(update) }
    }
    let got = try await reader.value
    Self.check(got, against: presented)
    print("conflating slow reader: \(got.count) of \(presented.count) updates")
  }

  @Test("a per-screen conflating reader rebases onto the snapshot it last received")
  func perScreenRebases() async throws {
    let pipeline = try Pipeline(feed: TestFeed(), transport: StubTransport(total: 9))
    var root = pipeline.updates(for: pipeline.rootScreen).makeAsyncIterator()
    pipeline.send(.load)
    var screens = Screens()
    while let update = try await root.next() {
      screens.apply(update)
      if update.snapshot.sections.contains(where: { $0.id == "items" }) { break }
    }
    let shown = try #require(screens.received.last)
    var all = pipeline.updates(buffering: .lossless).makeAsyncIterator()
    pipeline.send(.loadMore("items"))
    pipeline.send(.collapse("more"))
    pipeline.finish()
    var presented = 0
    while try await all.next() != nil { presented += 1 }  // the session has ended
    while let update = try await root.next() { screens.apply(update) }
    let last = try #require(screens.received.last)
    #expect(last.snapshot.sections.first { $0.id == "more" }?.isCollapsed == true)
    #expect(last.snapshot.sections.first { $0.id == "items" }?.rows.count == 5)  // 4 items, load-more
    #expect(last.previous == shown.snapshot)  // rebased: the reader skipped \(presented - 1)
    #expect(presented >= 3)  // the load-more row, the page, the collapse
    #expect(shown.version + presented == last.version)
  }
}
