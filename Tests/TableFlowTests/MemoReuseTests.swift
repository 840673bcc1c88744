import Testing

@testable import TableCore
@testable import TableFlow

/// A list whose item rows are memoised (``ScreenState/rows(_:of:row:)``) and whose static
/// section is memoised whole (``ScreenState/sections(_:from:build:)``); every build of a row
/// or of the static section is logged.
private struct CountingScreen: Screen {
  let log: Locked<[String]>
  var name: String { "counting" }

  func requests(for load: ScreenLoad, state: ScreenState<ItemPage>) -> [ScreenRequest] {
    [.get("/items", slot: "items")]
  }

  func sections(for state: ScreenState<ItemPage>) throws -> [Section] {
    let items = state.pages(in: "items").last?.items ?? []
    let rows = state.rows("items", of: items) { item in
      log.withLock { $0.append(item.id) }
      return Row(id: RowID(item.id), kind: "item", model: TitleModel(title: item.title))
    }
    let more = state.sections("more", from: items.count) { count in
      log.withLock { $0.append("more") }
      return [
        Section(id: "more", rows: [Row(id: "count", kind: "count", model: TitleModel(title: "\(count)"))])
      ]
    }
    return [Section(id: "items", rows: rows)] + more
  }
}

@Suite("Memo reuse")
struct MemoReuseTests {
  private static func items(_ titles: [String]) -> ItemPage {
    ItemPage(items: titles.enumerated().map { Item(id: "item-\($0)", title: $1) }, total: titles.count)
  }

  private static func baseAddress(_ rows: [Row]) -> UnsafePointer<Row>? {
    rows.withUnsafeBufferPointer(\.baseAddress)
  }

  @Test("a changed item's row is built again, the others and an unchanged section are not")
  func rebuildsOnlyWhatChanged() throws {
    let log = Locked<[String]>([])
    var machine = TransformStateMachine(root: CountingScreen(log: log), parameters: [:])
    let load = try #require(TransformStateMachineTests.jobs(machine.received(.load)).first)
    log.withLock { $0 = [] }  // the build while loading: no items yet
    let first = machine.decoded(TransformStateMachineTests.answer(load, [Self.items(["A", "B", "C"])]))
    #expect(log.withLock { $0 } == ["item-0", "item-1", "item-2", "more"])
    let shown = try #require(TransformStateMachineTests.snapshots(first).last)

    log.withLock { $0 = [] }
    let collapsed = machine.received(.collapse("items"))
    #expect(log.withLock { $0 }.isEmpty, "a collapse builds nothing")
    let afterCollapse = try #require(TransformStateMachineTests.snapshots(collapsed).last)
    #expect(
      Self.baseAddress(afterCollapse.sections[1].rows) == Self.baseAddress(shown.sections[1].rows),
      "the unchanged section is the same rows")
    _ = machine.received(.expand("items"))

    log.withLock { $0 = [] }
    let refresh = try #require(TransformStateMachineTests.jobs(machine.received(.refresh)).first)
    // A fresh decode: equal items in new storage, one title changed.
    let refreshed = machine.decoded(
      TransformStateMachineTests.answer(refresh, [Self.items(["A", "B!", "C"])]))
    #expect(log.withLock { $0 } == ["item-1"], "only the changed item's row is built")
    let next = try #require(TransformStateMachineTests.snapshots(refreshed).last)
    #expect(next.sections[0].rows[0].isSameRow(as: shown.sections[0].rows[0]))
    #expect(next.sections[0].rows[2].isSameRow(as: shown.sections[0].rows[2]))
    #expect(next.sections[0].rows[1].model.as(TitleModel.self)?.title == "B!")
    #expect(Self.baseAddress(next.sections[1].rows) == Self.baseAddress(shown.sections[1].rows))

    log.withLock { $0 = [] }
    let more = try #require(TransformStateMachineTests.jobs(machine.received(.refresh)).first)
    _ = machine.decoded(TransformStateMachineTests.answer(more, [Self.items(["A", "B!", "C", "D"])]))
    #expect(log.withLock { $0 } == ["item-3", "more"], "a new item and the section whose input changed")
  }

  @Test(
    "sections(_:from:build:) returns the same array for an equal input and never clashes with a row list's key"
  )
  func sectionsMemo() {
    let state = ScreenState<Int>()
    var builds = 0
    func sections(_ input: [String]) -> [Section] {
      state.sections("key", from: input) { input in
        builds += 1
        return [
          Section(id: "s", rows: input.map { Row(id: RowID($0), kind: "k", model: TitleModel(title: $0)) })
        ]
      }
    }
    let rows = state.rows("key", of: [1]) { Row(id: RowID("\($0)"), kind: "k", model: TitleModel(title: "")) }
    let first = sections(["a", "b"])
    let again = sections(["a", "b"].map { $0 })
    #expect(builds == 1)
    #expect(Self.baseAddress(first[0].rows) == Self.baseAddress(again[0].rows))
    _ = sections(["a", "c"])
    #expect(builds == 2)
    // The row list under the same key is still remembered.
    var rowBuilds = 0
    let rowsAgain = state.rows("key", of: [1]) { _ in
      rowBuilds += 1
      return Row(id: "x", kind: "k", model: TitleModel(title: ""))
    }
    #expect(rowBuilds == 0)
    #expect(rowsAgain == rows)
  }
}
