import TableCore
import Testing

@testable import TableFlow

/// Offset paging when the backend's list moved under it: a page repeating rows shown before,
/// and a page whose build fails (issue 17 item 12), one event per line.
@Suite("Paging consistency")
struct PagingConsistencyTests {
  typealias T = TransformStateMachineTests

  static func item(_ number: Int) -> Item { Item(id: "item-\(number)", title: "Title \(number)") }

  /// The list screen (duplicate ids rejected) with its first page, items 0 and 1 of 4.
  static func loaded() throws -> TransformStateMachine {
    var machine = T.machine()
    let job = try #require(T.jobs(machine.received(.load)).first)
    _ = machine.decoded(T.answer(job, [ItemPage(items: [item(0), item(1)], total: 4)]))
    return machine
  }

  static func rows(_ snapshot: TableSnapshot?) -> [RowID] { snapshot?.sections.first?.rows.map(\.id) ?? [] }

  static func lines(_ actions: [TransformStateMachine.Action]) -> [String] {
    actions.flatMap { action -> [String] in
      if case .reportDuplicates(let reports, _) = action { return reports.map(\.line) }
      return []
    }
  }

  @Test("a load-more page repeating a row shown before drops the repeat, even with the reject policy")
  func repeatedRowDropped() throws {
    var machine = try Self.loaded()
    let more = try #require(T.jobs(machine.received(.loadMore("items"))).first)
    // An item joined the front of the list after the first page was served: item-1 comes again.
    let answered = machine.decoded(T.answer(more, [ItemPage(items: [Self.item(1), Self.item(2)], total: 5)]))
    #expect(T.failures(answered).isEmpty)
    let snapshot = try #require(T.snapshots(answered).last)
    #expect(Self.rows(snapshot) == ["item-0", "item-1", "item-2", "tableflow.more.items"])
    #expect(snapshot.sections.last?.id != StatusRows.sectionID)
    #expect(Self.lines(answered) == ["dropped duplicate row 'item-1' (section 0 row 2)"])
    // Later builds keep dropping it, without a failure or a second line.
    let collapsed = machine.received(.collapse("items"))
    let expanded = machine.received(.expand("items"))
    #expect(T.failures(collapsed + expanded).isEmpty && Self.lines(collapsed + expanded).isEmpty)
    #expect(Self.rows(T.snapshots(expanded).last) == ["item-0", "item-1", "item-2", "tableflow.more.items"])
  }

  @Test("a refresh ends the tolerance: a duplicate in fresh pages is rejected again")
  func refreshRejectsAgain() throws {
    var machine = try Self.loaded()
    let more = try #require(T.jobs(machine.received(.loadMore("items"))).first)
    _ = machine.decoded(T.answer(more, [ItemPage(items: [Self.item(1), Self.item(2)], total: 5)]))
    let refresh = try #require(T.jobs(machine.received(.refresh)).first)
    let answered = machine.decoded(
      T.answer(refresh, [ItemPage(items: [Self.item(0), Self.item(0)], total: 2)]))
    #expect(T.failures(answered).map(\.category) == [.data])
  }

  @Test("a page whose build fails is taken back: Load more again, and the error row retries that page")
  func failedBuildRetries() throws {
    var machine = try Self.loaded()
    let more = try #require(T.jobs(machine.received(.loadMore("items"))).first)
    let bad = ItemPage(items: [Item(id: "item-2", title: "THROW")], total: 4)
    let failed = machine.decoded(T.answer(more, [bad]))
    #expect(T.failures(failed).map(\.category) == [.internal])
    let snapshot = try #require(T.snapshots(failed).last)
    let loadMore = try #require(snapshot.sections.first?.rows.last)
    #expect(loadMore.id == "tableflow.more.items")
    #expect(loadMore.fields == [Field("text", .text("Load more"))])
    let error = try #require(snapshot.sections.last?.rows.first)
    #expect(error.id == StatusRows.errorID)
    #expect(error.fields.contains(Field("retry", .text("load-more items"))))

    // Selecting the error row sends the same page again; a good answer shows it.
    let retried = machine.received(.select(StatusRows.errorID))
    let again = try #require(T.jobs(retried).first)
    #expect(again.requests == more.requests)
    #expect(
      T.snapshots(retried).last?.sections.first?.rows.last?.fields == [Field("text", .text("Loading more…"))])
    let good = ItemPage(items: [Self.item(2), Self.item(3)], total: 4)
    let shown = try #require(T.snapshots(machine.decoded(T.answer(again, [good]))).last)
    #expect(Self.rows(shown) == ["item-0", "item-1", "item-2", "item-3"])
  }

  @Test("a load-more page that shows nothing new is followed at once by the next page")
  func emptyPageRefills() throws {
    var machine = try Self.loaded()
    let more = try #require(T.jobs(machine.received(.loadMore("items"))).first)
    // Two items joined the front: the page at start 2 holds the two already shown.
    let answered = machine.decoded(T.answer(more, [ItemPage(items: [Self.item(0), Self.item(1)], total: 6)]))
    let refill = try #require(T.jobs(answered).first)
    #expect(refill.requests.first?.query.first { $0.name == "start" }?.value == "4")
    #expect(
      T.snapshots(answered).last?.sections.first?.rows.last?.fields == [Field("text", .text("Loading more…"))]
    )
    // A page that shows something new is not followed.
    let shown = machine.decoded(T.answer(refill, [ItemPage(items: [Self.item(2), Self.item(3)], total: 6)]))
    #expect(T.jobs(shown).isEmpty)
    #expect(Self.rows(T.snapshots(shown).last) == ["item-0", "item-1", "item-2", "item-3"])
  }
}
