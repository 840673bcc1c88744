import TableCore
import Testing

@testable import TableFlow

/// Marble-style: events go in in bus order, one a line, and come out in applied order.
@Suite("EventSequencer")
struct EventSequencerTests {
  static let list = ScreenRef(instance: 1, name: "list", depth: 0)
  static let detail = ScreenRef(instance: 2, name: "detail", depth: 1)

  static func mark(_ intent: Intent) -> PipelineEvent { .intentReceived(intent, screen: list) }
  static func built(_ screen: ScreenRef = list) -> PipelineEvent {
    .snapshotBuilt(BuiltSnapshot(screen: screen, snapshot: .empty, changeset: StagedChangeset()))
  }
  static func presented(_ version: Int, _ screen: ScreenRef = list) -> PipelineEvent {
    .presented(
      PresentedUpdate(
        screen: screen, version: version, previous: .empty, snapshot: .empty, changeset: StagedChangeset(),
        navigation: nil))
  }
  static let cells = PipelineEvent.cellsUpdated(CellUpdates(screen: list, version: 1, cells: []))
  static let refused = PipelineEvent.failed(
    PipelineFailure(.internal, stage: .present, "refused"), screen: list)

  /// What the sequencer lets through, named as the tests write them.
  static func sequence(_ events: [PipelineEvent]) -> [String] {
    var sequencer = EventSequencer()
    var out: [String] = []
    let deliver = { (event: BusEvent) in out.append(name(event.event)) }
    for (index, event) in events.enumerated() {
      sequencer.take(BusEvent(sequence: UInt64(index), event: event), deliver: deliver)
    }
    sequencer.finish(deliver: deliver)
    return out
  }

  static func name(_ event: PipelineEvent) -> String {
    switch event.payload {
    case .intentReceived(let intent, _): return "> \(intent)"
    case .snapshotBuilt(let built): return "built \(built.screen.name)"
    case .presented(let update): return "presented \(update.screen.name) v\(update.version)"
    case .cellsUpdated: return "cells"
    case .failed(let failure, _): return "failed \(failure.stage)"
    case .navigated(let navigation) where navigation.kind == .popped: return "popped"
    case .settled: return "settled"
    case .requestStarted: return "started"
    default: return "other"
    }
  }

  @Test("in gated order already: nothing moves")
  func inOrder() {
    let events = [
      Self.mark(.load), Self.built(), Self.presented(1), Self.cells, Self.mark(.refresh), Self.built(),
    ]
    #expect(
      Self.sequence(events + [Self.presented(2), .settled(through: 6)]) == [
        "> load", "built list", "presented list v1", "cells", "> refresh", "built list", "presented list v2",
        "settled",
      ])
  }

  @Test("the next input's events wait behind the presentations of the last one")
  func nextInputWaits() {
    let events = [
      Self.mark(.load), Self.built(),
      Self.mark(.refresh), Self.built(), Self.built(),
      Self.presented(1), Self.cells,
      Self.presented(2), Self.presented(3),
      .settled(through: 8),
    ]
    #expect(
      Self.sequence(events) == [
        "> load", "built list", "presented list v1", "cells",
        "> refresh", "built list", "built list", "presented list v2", "presented list v3",
        "settled",
      ])
  }

  @Test("three inputs ahead of the present stage come out one after another")
  func threeAhead() {
    let events = [
      Self.mark(.load), Self.built(), Self.mark(.collapse("a")), Self.built(), Self.mark(.expand("a")),
      Self.built(), Self.presented(1), Self.presented(2), Self.presented(3),
    ]
    #expect(
      Self.sequence(events) == [
        "> load", "built list", "presented list v1", "> collapse a", "built list", "presented list v2",
        "> expand a", "built list", "presented list v3",
      ])
  }

  @Test("a present-stage failure stays in front of its presentation, behind the held input")
  func presentFailure() {
    let events = [
      Self.mark(.load), Self.built(), Self.mark(.refresh), Self.built(),
      Self.presented(1), Self.refused, Self.presented(2),
    ]
    #expect(
      Self.sequence(events) == [
        "> load", "built list", "presented list v1", "> refresh", "built list", "failed present",
        "presented list v2",
      ])
  }

  @Test("a pop asks for a presentation too")
  func pop() {
    let events = [
      Self.mark(.back), .navigated(.popped(Self.detail, to: Self.list)), Self.mark(.collapse("a")),
      Self.built(),
      Self.presented(1), Self.presented(2),
    ]
    #expect(
      Self.sequence(events) == [
        "> back", "popped", "presented list v1", "> collapse a", "built list", "presented list v2",
      ])
  }

  @Test("an input with nothing to present is not held back by nothing")
  func nothingToPresent() {
    let ignored = PipelineEvent.intentIgnored(.loadMore("a"), screen: Self.list, reason: "loading")
    #expect(Self.sequence([Self.mark(.load), ignored]) == ["> load", "other"])
  }

  @Test("what is held when the bus ends is let through")
  func finish() {
    #expect(
      Self.sequence([Self.mark(.load), Self.built(), Self.mark(.refresh), Self.built()]) == [
        "> load", "built list", "> refresh", "built list",
      ])
  }
}
