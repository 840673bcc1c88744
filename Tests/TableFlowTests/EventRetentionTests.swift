import TableCore
import Testing

@testable import TableFlow

/// What the bus and its iterators keep of the events they handed out: nothing that a replay
/// of large answers would hold one table too many with (issue 17, item 9).
@Suite("event retention", .timeLimit(.minutes(5)))
struct EventRetentionTests {
  /// A cell model whose instances can be watched going away.
  final class Tracked: CellModel {
    let name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: Tracked, rhs: Tracked) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
    var fields: [Field] { [Field("name", .text(name))] }
    var height: Double { 44 }
  }

  static let screen = ScreenRef(instance: 1, name: "list", depth: 0)

  static func table(_ model: Tracked) -> TableSnapshot {
    TableSnapshot(uncheckedSections: [
      Section(id: "main", rows: [Row(id: RowID(model.name), kind: CellKind("cell"), model: model)])
    ])
  }

  /// Presents versions of the list screen, one tracked model each; the models' weak references.
  static func present(_ names: [String], on bus: EventBus) async -> [() -> Tracked?] {
    var watchers: [() -> Tracked?] = []
    var previous = TableSnapshot.empty
    for (index, name) in names.enumerated() {
      let model = Tracked(name)
      watchers.append { [weak model] in model }
      let snapshot = table(model)
      let update = PresentedUpdate(
        screen: screen, version: index + 1, previous: previous, snapshot: snapshot,
        changeset: snapshot.difference(from: previous), navigation: nil)
      await bus.publish(.presented(update))
      previous = snapshot
    }
    return watchers
  }

  @Test("the bus remembers a screen's newest update without the table it replaced")
  func rememberedUpdateDropsPrevious() async throws {
    let bus = EventBus(capacity: 16)
    let watchers = await Self.present(["one", "two"], on: bus)
    #expect(watchers[0]() == nil, "version 1's table is gone once version 2 is presented")
    #expect(watchers[1]() != nil, "version 2 is remembered for later subscribers")
    // A subscriber made now still starts from what the screen shows, with a valid changeset.
    let rule = Pipeline.conflation(following: Self.screen)
    let late = PipelineUpdates(
      bus.subscribe(.conflating(rule), seed: rule), following: Self.screen, rebases: true)
    bus.finish()
    var updates: [PresentedUpdate] = []
    for try await update in late { updates.append(update) }
    let update = try #require(updates.first)
    #expect(updates.count == 1)
    #expect(update.version == 2)
    #expect(update.previous == .empty)
    #expect(try update.previous.applying(update.changeset) == update.snapshot)
    #expect(update.snapshot.sections.first?.rows.first?.id == RowID("two"))
  }

  @Test("an iterator waiting for more events holds none of those it handed out")
  func iteratorReleasesItsBatch() async throws {
    let bus = EventBus(capacity: 16)
    let subscription = bus.subscribe()
    let watched: () -> Tracked?
    do {
      let model = Tracked("built")
      watched = { [weak model] in model }
      await bus.publish(
        .snapshotBuilt(
          BuiltSnapshot(screen: Self.screen, snapshot: Self.table(model), changeset: StagedChangeset())))
    }
    let (taken, takenContinuation) = AsyncStream.makeStream(of: Void.self)
    let reader = Task {
      var iterator = subscription.makeAsyncIterator()
      _ = await iterator.next()
      takenContinuation.yield()
      // Waits here for the next batch: the first one must not be held meanwhile.
      return await iterator.next() == nil
    }
    for await _ in taken { break }
    // The reader has taken its event and dropped it; wait until it is parked on the bus.
    while bus.waitingSubscriberCount == 0 { await Task.yield() }
    #expect(watched() == nil, "the handed-out event was released while the iterator waits")
    bus.finish()
    #expect(await reader.value)
  }
}
