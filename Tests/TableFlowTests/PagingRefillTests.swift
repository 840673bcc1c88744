import TableCore
import Testing

@testable import TableFlow

/// The item list, three items a page, saying how many items its newest page holds: what the
/// pipeline needs, with the request's page size, to refill a short page.
struct CountedItemListScreen: Screen {
  var list = ItemListScreen(pageSize: 3)
  var name: String { list.name }

  func requests(for load: ScreenLoad, state: ScreenState<ItemPage>) -> [ScreenRequest] {
    list.requests(for: load, state: state)
  }

  func nextPage(of section: SectionID, state: ScreenState<ItemPage>) -> ScreenRequest? {
    list.nextPage(of: section, state: state)
  }

  func sections(for state: ScreenState<ItemPage>) throws -> [Section] { try list.sections(for: state) }

  func itemCount(ofNewestPageIn slot: String, state: ScreenState<ItemPage>) -> Int? {
    state.pages(in: slot).last?.items.count
  }
}

/// A load-more page that comes back short but not empty is refilled (issue 17 item 12): the
/// pipeline knows the page size from the request and the page's items from the screen.
@Suite("Paging: short pages are refilled")
struct PagingRefillTests {
  typealias T = TransformStateMachineTests

  static func item(_ number: Int) -> Item { Item(id: "item-\(number)", title: "Title \(number)") }
  static func page(_ numbers: [Int], total: Int) -> ItemPage {
    ItemPage(items: numbers.map(item), total: total)
  }

  /// The counted list with its first page, items 0–2 of `total`.
  static func loaded(total: Int = 9) throws -> TransformStateMachine {
    var machine = TransformStateMachine(root: CountedItemListScreen(), parameters: [:])
    let job = try #require(T.jobs(machine.received(.load)).first)
    _ = machine.decoded(T.answer(job, [page([0, 1, 2], total: total)]))
    return machine
  }

  static func start(_ batch: RequestBatch?) -> String? {
    batch?.requests.first?.query.first { $0.name == "start" }?.value
  }

  static func rows(_ actions: [TransformStateMachine.Action]) -> [String] {
    T.snapshots(actions).last?.sections.first?.rows.map(\.id.rawValue) ?? []
  }

  @Test("a page with a repeat dropped is followed by the next page, until a page's worth is shown")
  func repeatRefilled() throws {
    var machine = try Self.loaded()
    let more = try #require(T.jobs(machine.received(.loadMore("items"))).first)
    // An item joined the front after the first page was served: item-2 comes again.
    let short = machine.decoded(T.answer(more, [Self.page([2, 3, 4], total: 10)]))
    #expect(T.failures(short).isEmpty)
    let refill = try #require(T.jobs(short).first)
    #expect(Self.start(refill) == "6")
    #expect(Self.rows(short) == ["item-0", "item-1", "item-2", "item-3", "item-4", "tableflow.more.items"])
    #expect(
      T.snapshots(short).last?.sections.first?.rows.last?.fields == [Field("text", .text("Loading more…"))])
    // Two new items, then three: a page's worth, so no further page.
    let filled = machine.decoded(T.answer(refill, [Self.page([5, 6, 7], total: 10)]))
    #expect(T.jobs(filled).isEmpty)
    #expect(
      Self.rows(filled).prefix(8) == [
        "item-0", "item-1", "item-2", "item-3", "item-4", "item-5", "item-6", "item-7",
      ])
  }

  @Test("a backend that answers fewer items than asked while more remain is asked again, up to a page")
  func shortAnswerRefilled() throws {
    var machine = try Self.loaded()
    var job = try #require(T.jobs(machine.received(.loadMore("items"))).first)
    var starts: [String?] = []
    for number in 3...5 {
      let answered = machine.decoded(T.answer(job, [Self.page([number], total: 9)]))
      guard let next = T.jobs(answered).first else {
        #expect(number == 5, "stopped after item \(number)")
        break
      }
      starts.append(Self.start(next))
      job = next
    }
    // One item each time: refilled twice, then the load-more has shown three (a page).
    #expect(starts == ["4", "5"])
  }

  @Test("a full page, and the last page of the list, are not refilled")
  func fullAndLastPagesNotRefilled() throws {
    var machine = try Self.loaded()
    let more = try #require(T.jobs(machine.received(.loadMore("items"))).first)
    #expect(T.jobs(machine.decoded(T.answer(more, [Self.page([3, 4, 5], total: 9)]))).isEmpty)
    var last = try Self.loaded(total: 4)
    let end = try #require(T.jobs(last.received(.loadMore("items"))).first)
    let answered = last.decoded(T.answer(end, [Self.page([3], total: 4)]))
    #expect(T.jobs(answered).isEmpty)
    #expect(Self.rows(answered) == ["item-0", "item-1", "item-2", "item-3"])
  }

  @Test("a screen that does not say how many items its page holds refills only a page with nothing new")
  func uncountedScreenKeepsShortPage() throws {
    var machine = TransformStateMachine(root: ItemListScreen(pageSize: 3), parameters: [:])
    let load = try #require(T.jobs(machine.received(.load)).first)
    _ = machine.decoded(T.answer(load, [Self.page([0, 1, 2], total: 9)]))
    let more = try #require(T.jobs(machine.received(.loadMore("items"))).first)
    #expect(T.jobs(machine.decoded(T.answer(more, [Self.page([2, 3, 4], total: 10)]))).isEmpty)
  }

  @Test("refilling stops after maximumRefills pages, even when every page repeats what is shown")
  func refillsBounded() throws {
    var machine = try Self.loaded(total: 1000)
    var job = try #require(T.jobs(machine.received(.loadMore("items"))).first)
    var sent = 0
    while sent <= TransformStateMachine.maximumRefills + 1 {
      guard let next = T.jobs(machine.decoded(T.answer(job, [Self.page([0, 1, 2], total: 1000)]))).first
      else {
        break
      }
      sent += 1
      job = next
    }
    #expect(sent == TransformStateMachine.maximumRefills)
  }

  @Test("the page size: the feed's declaration, else the request's limit parameter")
  func pageSize() {
    let counted = ScreenRequest.get("/items", query: ["start": "0", "count": "25"])
    #expect(counted.requestedPageSize == 25)
    #expect(ScreenRequest.get("/items", query: ["offset": "0", "limit": "7"]).requestedPageSize == 7)
    #expect(ScreenRequest.get("/items", query: ["per_page": "x", "size": "4"]).requestedPageSize == 4)
    #expect(ScreenRequest.get("/items", query: ["count": "0"]).requestedPageSize == nil)
    #expect(ScreenRequest.get("/items").requestedPageSize == nil)
    #expect(counted.paging(size: 10).requestedPageSize == 10)
    #expect(counted.paging(size: 10).request == counted.request)
  }
}
