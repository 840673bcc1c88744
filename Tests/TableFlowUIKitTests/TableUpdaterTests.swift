import Feeds
import TableCore
import TableFlow
import TableFlowUIKit
import TestSupport
import Testing

@Suite("TableUpdater over HeadlessTableView", .timeLimit(.minutes(5)))
struct TableUpdaterTests {
  struct Cell: CellModel {
    let text: String
    var fields: [Field] { [Field("text", .text(text))] }
    var height: Double { 44 }
  }

  static func row(_ id: String, _ text: String, kind: CellKind = "cell") -> Row {
    Row(id: RowID(id), kind: kind, model: Cell(text: text))
  }

  static let screen = ScreenRef(instance: 1, name: "list", depth: 0)

  static func update(
    _ version: Int, from previous: TableSnapshot, to snapshot: TableSnapshot, screen: ScreenRef = screen
  ) -> PresentedUpdate {
    PresentedUpdate(
      screen: screen, version: version, previous: previous, snapshot: snapshot,
      changeset: snapshot.difference(from: previous), navigation: nil)
  }

  /// Every presented update of the shipped books session, in order.
  static func booksUpdates() async throws -> [PresentedUpdate] {
    let fixture = APIServer.packageRoot.appendingPathComponent("Fixtures/books/session.jsonl.gz").path
    let session = try FeedSession(replaying: ReplayTransport(path: fixture), feed: BooksFeed())
    var updates: [PresentedUpdate] = []
    _ = try await session.run(keepsLog: false) { event, _ in
      if let update = event.event.presentedUpdate { updates.append(update) }
    }
    return updates
  }

  /// Applies `updates` with one updater per screen instance; every table must end up showing
  /// its update's snapshot. Returns every batch issued.
  @MainActor
  static func apply(_ updates: [PresentedUpdate], canReconfigureRows: Bool) throws -> [TableBatch] {
    var updaters: [Int: TableUpdater<HeadlessTableView>] = [:]
    for update in updates {
      let updater =
        updaters[update.screen.instance]
        ?? TableUpdater(target: HeadlessTableView(canReconfigureRows: canReconfigureRows))
      updaters[update.screen.instance] = updater
      try updater.apply(update)
      #expect(updater.target.snapshot == update.snapshot, "\(update.screen.name) v\(update.version)")
    }
    return updaters.values.flatMap(\.target.batches)
  }

  @Test("the books session applies batch by batch; content changes are reconfigures on iOS 15+")
  @MainActor
  func booksSessionReconfigures() async throws {
    let updates = try await Self.booksUpdates()
    #expect(updates.count > 5)
    let operations = try Self.apply(updates, canReconfigureRows: true).flatMap(\.operations)
    #expect(operations.contains { if case .insertRows = $0 { true } else { false } })
    #expect(operations.contains { if case .deleteSections = $0 { true } else { false } })
  }

  @Test("without reconfigureRows every content change is a reloadRows, and the tables still agree")
  @MainActor
  func reloadsWithoutReconfigure() async throws {
    let updates = try await Self.booksUpdates()
    let operations = try Self.apply(updates, canReconfigureRows: false).flatMap(\.operations)
    #expect(!operations.contains { if case .reconfigureRows = $0 { true } else { false } })
  }

  @Test(
    "content changes reconfigure (iOS 15+) or reload, kind changes reload, moves move",
    arguments: [true, false])
  @MainActor
  func contentKindAndMoves(canReconfigureRows: Bool) throws {
    let old = TableSnapshot(uncheckedSections: [
      Section(
        id: "s", rows: [Self.row("a", "A"), Self.row("b", "B"), Self.row("c", "C"), Self.row("d", "D")])
    ])
    let new = TableSnapshot(uncheckedSections: [
      Section(
        id: "s",
        rows: [
          Self.row("d", "D"), Self.row("a", "A, edited"), Self.row("b", "B", kind: "other"),
          Self.row("c", "C"),
        ])
    ])
    let updates = [Self.update(1, from: .empty, to: old), Self.update(2, from: old, to: new)]
    let operations = try Self.apply(updates, canReconfigureRows: canReconfigureRows).flatMap(\.operations)
    let reconfigured = operations.flatMap { operation -> [RowPosition] in
      if case .reconfigureRows(let rows) = operation { rows } else { [] }
    }
    let reloaded = operations.flatMap { operation -> [RowPosition] in
      if case .reloadRows(let rows) = operation { rows } else { [] }
    }
    #expect(operations.contains { if case .moveRow = $0 { true } else { false } })
    if canReconfigureRows {
      #expect(reconfigured == [RowPosition(section: 0, row: 0)])
      #expect(reloaded == [RowPosition(section: 0, row: 1)])
    } else {
      #expect(reconfigured.isEmpty)
      #expect(reloaded == [RowPosition(section: 0, row: 0), RowPosition(section: 0, row: 1)])
    }
  }

  @Test("a stage's reconfigures stay reconfigures on iOS 15+ and become sorted reloads before it")
  @MainActor
  func reconfigureOrReload() throws {
    var stage = ChangesetStage()
    stage.rowReloads = [RowPosition(section: 0, row: 2)]
    stage.rowReconfigures = [RowPosition(section: 0, row: 3), RowPosition(section: 0, row: 0)]
    let modern = TableUpdater(target: HeadlessTableView(canReconfigureRows: true)).batch(for: stage)
    #expect(
      modern.operations == [
        .reloadRows([RowPosition(section: 0, row: 2)]),
        .reconfigureRows([RowPosition(section: 0, row: 3), RowPosition(section: 0, row: 0)]),
      ])
    #expect(modern.animation == .automatic)
    let legacy = TableUpdater(target: HeadlessTableView(canReconfigureRows: false), animated: false)
    let batch = legacy.batch(for: stage)
    #expect(batch.operations == [.reloadRows([0, 2, 3].map { RowPosition(section: 0, row: $0) })])
    #expect(batch.animation == .none)
  }

  @Test("a footer change with moved rows: rows move, the title updates in place, no section reload")
  @MainActor
  func titleUpdateKeepsRowsMoving() throws {
    let old = TableSnapshot(uncheckedSections: [
      Section(
        id: "issues", header: "Issues", footer: "3 issues",
        rows: [
          Self.row("a", "A"), Self.row("b", "B"), Self.row("c", "C"),
        ])
    ])
    let new = TableSnapshot(uncheckedSections: [
      Section(
        id: "issues", header: "Issues", footer: "2 issues", rows: [Self.row("c", "C"), Self.row("a", "A")])
    ])
    let updater = TableUpdater(target: HeadlessTableView())
    try updater.apply(Self.update(1, from: .empty, to: old))
    #expect(updater.target.reloadCount == 1)
    try updater.apply(Self.update(2, from: old, to: new))
    #expect(updater.target.snapshot == new)
    let operations = updater.target.batches.flatMap(\.operations)
    #expect(operations.contains(.updateSectionTitles([0])))
    #expect(operations.contains { if case .moveRow = $0 { true } else { false } })
    #expect(!operations.contains { if case .reloadSections = $0 { true } else { false } })
  }

  @Test("an update of another screen instance, or a batch UIKit would reject, throws")
  @MainActor
  func rejections() throws {
    let first = TableSnapshot(uncheckedSections: [Section(id: "s", rows: [Self.row("a", "A")])])
    let updater = TableUpdater(target: HeadlessTableView())
    try updater.apply(Self.update(1, from: .empty, to: first))
    let other = ScreenRef(instance: 2, name: "list", depth: 1)
    #expect(throws: TableUpdateError.self) {
      try updater.apply(Self.update(1, from: .empty, to: first, screen: other))
    }
    var stage = ChangesetStage()
    stage.snapshot = first
    stage.rowInserts = [RowPosition(section: 0, row: 5)]
    let broken = PresentedUpdate(
      screen: Self.screen, version: 2, previous: first, snapshot: first,
      changeset: StagedChangeset(stages: [stage]), navigation: nil)
    #expect(throws: TableUpdateError.self) { try updater.apply(broken) }
    #expect(updater.target.snapshot == first)
  }
}
