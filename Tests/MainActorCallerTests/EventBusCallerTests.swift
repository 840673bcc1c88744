import TableCore
import TableFlow
import Testing

@Suite("EventBus from the main actor")
struct EventBusCallerTests {
  @Test("subscribeLatest(matching:) takes a predicate written in main-actor code", .timeLimit(.minutes(5)))
  func subscribeLatest() async {
    let bus = EventBus()
    let wanted = "b"
    let latest = bus.subscribeLatest { event in
      if case .intentSent(.select(let row)) = event { return row.rawValue.hasPrefix(wanted) }
      return false
    }
    for name in ["a1", "b1", "b2", "a2"] { await bus.publish(.intentSent(.select(RowID(name)))) }
    let selected = await latest.nextBatch()?.map { bus in
      if case .intentSent(.select(let row)) = bus.event { return row.rawValue }
      return "?"
    }
    #expect(selected == ["b2"])
    bus.finish()
  }
}
