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
      if event.kind == .intentSent, case .select(let row)? = event.intent {
        return row.rawValue.hasPrefix(wanted)
      }
      return false
    }
    for name in ["a1", "b1", "b2", "a2"] { await bus.publish(.intentSent(.select(RowID(name)))) }
    let selected = await latest.nextBatch()?.map { bus in
      if case .select(let row)? = bus.event.intent { return row.rawValue }
      return "?"
    }
    #expect(selected == ["b2"])
    bus.finish()
  }

  @Test("code outside the package reads events by kind, with a default, and by accessor")
  func readingEvents() {
    let screen = ScreenRef(instance: 1, name: "list", depth: 0)
    let events: [PipelineEvent] = [
      .intentSent(.load), .intentReceived(.load, screen: screen), .settled(through: 3),
      .failed(PipelineFailure(.network, stage: .fetch, "refused"), screen: screen),
    ]
    var seen: [String] = []
    for event in events {
      switch event.kind {
      case .intentReceived: seen.append("> \(event.intent?.description ?? "?")")
      case .failed: seen.append("! \(event.failure?.message ?? "?")")
      case .settled: seen.append("settled \(event.settledThrough ?? 0)")
      default: seen.append(event.kind.name)
      }
    }
    #expect(seen == ["intentSent", "> load", "settled 3", "! refused"])
  }
}
