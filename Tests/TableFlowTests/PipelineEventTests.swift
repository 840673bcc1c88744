import TableCore
import Testing

@testable import TableFlow

/// The public event shape: every kind of event reports its own kind and carries its payload
/// through exactly its accessors.
@Suite("PipelineEvent")
struct PipelineEventTests {
  static let list = ScreenRef(instance: 1, name: "list", depth: 0)
  static let detail = ScreenRef(instance: 2, name: "detail", depth: 1)

  static var decoded: DecodedBatch { ApplyOrderTests.batch(7, first: 3) }

  /// One event of each kind, with the accessors it must answer (by name).
  static var everyKind: [(PipelineEvent, PipelineEvent.Kind, Set<String>)] {
    let batch = decoded.fetched.batch
    let fetched = decoded.fetched
    let update = PresentedUpdate(
      screen: list, version: 2, previous: .empty, snapshot: .empty, changeset: StagedChangeset(),
      navigation: nil)
    let failure = PipelineFailure(.data, stage: .decode, "bad page")
    let report = DuplicateReport(
      resolution: DuplicateResolution(isSection: false, id: "a", section: 0, row: 1, action: .dropped),
      origin: nil)
    return [
      (.intentSent(.load), .intentSent, ["intent"]),
      (.intentReceived(.refresh, screen: list), .intentReceived, ["intent", "screen"]),
      (
        .intentIgnored(.loadMore("s"), screen: list, reason: "loading"), .intentIgnored,
        ["intent", "screen", "reason"]
      ),
      (.requestStarted(batch), .requestStarted, ["screen", "requestBatch"]),
      (.requestCancelled(batch, reason: "popped"), .requestCancelled, ["screen", "reason", "requestBatch"]),
      (.responseReceived(fetched), .responseReceived, ["screen", "fetchedBatch"]),
      (.decoded(decoded), .decoded, ["screen", "decodedBatch"]),
      (.responsesApplied(fetched), .responsesApplied, ["screen", "fetchedBatch"]),
      (
        .snapshotBuilt(BuiltSnapshot(screen: list, snapshot: .empty, changeset: StagedChangeset())),
        .snapshotBuilt, ["screen", "builtSnapshot"]
      ),
      (.presented(update), .presented, ["screen", "presentedUpdate"]),
      (
        .cellsUpdated(CellUpdates(screen: list, version: 1, cells: [])), .cellsUpdated,
        ["screen", "cellUpdates"]
      ),
      (.navigated(.pushed(detail, from: list)), .navigated, ["screen", "navigation"]),
      (.failed(failure, screen: nil), .failed, ["failure"]),
      (.settled(through: 41), .settled, ["settledThrough"]),
      (.duplicatesResolved([report], screen: list), .duplicatesResolved, ["screen", "duplicates"]),
    ]
  }

  static func answered(_ event: PipelineEvent) -> Set<String> {
    let answers: [(String, Bool)] = [
      ("intent", event.intent != nil), ("screen", event.screen != nil), ("reason", event.reason != nil),
      ("requestBatch", event.requestBatch != nil), ("fetchedBatch", event.fetchedBatch != nil),
      ("decodedBatch", event.decodedBatch != nil), ("builtSnapshot", event.builtSnapshot != nil),
      ("presentedUpdate", event.presentedUpdate != nil), ("cellUpdates", event.cellUpdates != nil),
      ("navigation", event.navigation != nil), ("failure", event.failure != nil),
      ("settledThrough", event.settledThrough != nil), ("duplicates", event.duplicates != nil),
    ]
    return Set(answers.filter(\.1).map(\.0))
  }

  @Test("each event reports its own kind, and the list of kinds is complete and distinct")
  func kinds() {
    let cases = Self.everyKind
    #expect(cases.map(\.0.kind) == cases.map(\.1))
    #expect(cases.map(\.1) == PipelineEvent.Kind.all)
    #expect(Set(PipelineEvent.Kind.all.map(\.name)).count == PipelineEvent.Kind.all.count)
    #expect(PipelineEvent.Kind.presented.description == "presented")
  }

  @Test("an event answers exactly the accessors of what it carries, nil for the rest")
  func accessors() {
    for (event, kind, expected) in Self.everyKind {
      #expect(Self.answered(event) == expected, "\(kind)")
    }
  }

  @Test("accessors return the values the event was made with")
  func values() {
    #expect(
      PipelineEvent.intentIgnored(.loadMore("s"), screen: Self.list, reason: "loading").reason == "loading")
    #expect(PipelineEvent.settled(through: 41).settledThrough == 41)
    #expect(PipelineEvent.navigated(.popped(Self.detail, to: Self.list)).screen == Self.list)
    #expect(PipelineEvent.navigated(.pushed(Self.detail, from: Self.list)).screen == Self.detail)
    #expect(PipelineEvent.navigated(.openedLink("https://x", from: Self.list)).screen == Self.list)
    #expect(
      PipelineEvent.failed(PipelineFailure(.network, stage: .fetch, "x"), screen: Self.detail).screen
        == Self.detail)
    #expect(PipelineEvent.decoded(Self.decoded).screen == Self.list)
    #expect(PipelineEvent.requestStarted(Self.decoded.fetched.batch).requestBatch?.id == 7)
  }
}
