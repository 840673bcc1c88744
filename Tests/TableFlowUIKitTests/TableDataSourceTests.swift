import Feeds
import TableCore
import TableFlow
import TableFlowUIKit
import TestSupport
import Testing

@Suite("TableDataSource over HeadlessTableView", .timeLimit(.minutes(5)))
struct TableDataSourceTests {
  /// Seed E's cell: a name and a title, from any model that has them.
  final class PhotoCell: HeadlessCell {
    var name = ""
    var title = ""
  }

  /// A cell that shows any model's fields, for the status rows and the books feed's kinds.
  final class FieldsCell: HeadlessCell {
    var text = ""
  }

  /// A cell with one button, which reports its taps as `action ROW mark-read`.
  final class ButtonCell: HeadlessCell {
    var onTap: (() -> Void)?
  }

  /// Not a ``HeadlessCell``: registering it is a mistake the placeholder names.
  final class NotACell {}

  /// The intents a data source sent.
  @MainActor
  final class Sent {
    var intents: [Intent] = []
    var sink: IntentSink { IntentSink { self.intents.append($0) } }
  }

  static let screen = ScreenRef(instance: 1, name: "list", depth: 0)

  @MainActor
  static func fieldsRegistry(_ kinds: [CellKind]) -> CellRegistry<HeadlessCell> {
    var registry = CellRegistry<HeadlessCell>()
    for kind in kinds {
      registry.register(kind, cell: FieldsCell.self) { (cell, model: any CellModel) in
        cell.text = model.fields.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
      }
    }
    return registry
  }

  @MainActor
  static func dataSource(
    _ registry: CellRegistry<HeadlessCell>, sent: Sent,
    errors: @escaping @MainActor (CellConfigurationError) -> Void =
      { Issue.record("unexpected \($0)") }
  ) -> TableDataSource<HeadlessTableView> {
    let view = HeadlessTableView()
    let source = TableDataSource(
      view: view, registry: registry, sink: sent.sink, errorReporting: CellErrorReporting(errors))
    view.dataSource = source
    return source
  }

  /// Every cell of the snapshot shown, as the table would ask for them.
  @MainActor
  static func cells(of source: TableDataSource<HeadlessTableView>) -> [HeadlessCell] {
    (0..<source.numberOfSections).flatMap { section in
      (0..<source.numberOfRows(inSection: section)).map {
        source.cell(at: RowPosition(section: section, row: $0))
      }
    }
  }

  /// Every presented update of the shipped photos session (load, refresh), in order.
  static func photosUpdates() async throws -> [PresentedUpdate] {
    let fixture = APIServer.packageRoot.appendingPathComponent("Fixtures/photos/session.jsonl.gz").path
    let session = try FeedSession(replaying: ReplayTransport(path: fixture), feed: PhotosFeed())
    var updates: [PresentedUpdate] = []
    _ = try await session.run(keepsLog: false) { event, _ in
      if let update = event.event.presentedUpdate { updates.append(update) }
    }
    return updates
  }

  static func update(
    _ version: Int, from previous: TableSnapshot, to snapshot: TableSnapshot
  ) -> PresentedUpdate {
    PresentedUpdate(
      screen: screen, version: version, previous: previous, snapshot: snapshot,
      changeset: snapshot.difference(from: previous), navigation: nil)
  }

  @Test("the photos feed: one cell kind fed by albums and photos, titles and heights from the snapshot")
  @MainActor
  func photosSession() async throws {
    let updates = try await Self.photosUpdates()
    var registry = Self.fieldsRegistry([
      StatusRows.loadingKind, StatusRows.errorKind, StatusRows.emptyKind, StatusRows.refreshingKind,
    ])
    registry.register("photo", cell: PhotoCell.self) { (cell, model: any PhotoCellModel) in
      cell.name = model.name
      cell.title = model.title
    }
    let sent = Sent()
    let source = Self.dataSource(registry, sent: sent)
    for update in updates {
      try source.apply(update)
      #expect(source.snapshot == update.snapshot)
      #expect(source.view.snapshot == update.snapshot)
      #expect(Self.cells(of: source).allSatisfy { $0.placeholderText == nil })
    }
    #expect(source.numberOfSections == 2)
    #expect(source.headerTitle(forSection: 0) == "Albums")
    #expect(source.headerTitle(forSection: 1) == "Photos")
    #expect(source.footerTitle(forSection: 1) == nil)
    #expect(source.height(at: RowPosition(section: 1, row: 0)) == 80)
    let photos = Self.cells(of: source).compactMap { $0 as? PhotoCell }
    #expect(photos.count == source.snapshot.rowCount)
    #expect(photos.first?.name == "旅行 2025")  // an Album
    #expect(photos.first?.title == "196 photos")
    #expect(photos[5].name == "IMG_8431.jpg")  // a Photo, in the same cell class
    #expect(source.view.registeredCells["photo"] == PhotoCell.self)
    #expect(source.view.registeredCells[.placeholder] == HeadlessCell.self)
    #expect(sent.intents.isEmpty)
  }

  @Test("the books session: every row is configured, the load-more row sends load-more once until answered")
  @MainActor
  func booksSessionLoadMore() async throws {
    let updates = try await TableUpdaterTests.booksUpdates()
    let kinds = Set(updates.flatMap { $0.snapshot.sections.flatMap { $0.rows.map(\.kind) } })
    let sent = Sent()
    let source = Self.dataSource(Self.fieldsRegistry(kinds.sorted()), sent: sent)
    var sawLoadMore = false
    for update in updates where update.screen.instance == 1 {
      try source.apply(update)
      #expect(Self.cells(of: source).allSatisfy { $0.placeholderText == nil })
      for (index, section) in source.snapshot.sections.enumerated() {
        guard let last = section.rows.last, last.kind == StatusRows.loadMoreKind else { continue }
        let position = RowPosition(section: index, row: section.rows.count - 1)
        let before = sent.intents.count
        source.willDisplayRow(at: position)
        source.prefetchRows(at: [position])
        source.willDisplayRow(at: position)
        #expect(sent.intents.count - before <= 1)
        sawLoadMore = sawLoadMore || sent.intents.count > before
      }
    }
    #expect(sawLoadMore)
    #expect(sent.intents.allSatisfy { if case .loadMore = $0 { true } else { false } })
  }

  @Test("a load-more request is answered once its row changed and came back, or went")
  @MainActor
  func loadMoreRequestLifecycle() throws {
    let more = { (text: String) in
      Row(
        id: StatusRows.loadMoreID(for: "s"), kind: StatusRows.loadMoreKind,
        model: FieldsModel(fields: [Field("text", .text(text))], height: 44))
    }
    let item = Row(id: "a", kind: "item", model: FieldsModel(fields: [], height: 44))
    let idle = TableSnapshot(uncheckedSections: [Section(id: "s", rows: [item, more("Load more")])])
    let loading = TableSnapshot(uncheckedSections: [Section(id: "s", rows: [item, more("Loading more…")])])
    let sent = Sent()
    let source = Self.dataSource(Self.fieldsRegistry(["item", StatusRows.loadMoreKind]), sent: sent)
    let position = RowPosition(section: 0, row: 1)
    try source.apply(Self.update(1, from: .empty, to: idle))
    source.prefetchRows(at: [RowPosition(section: 0, row: 0), position])
    #expect(sent.intents == [.loadMore("s")])
    try source.apply(Self.update(2, from: idle, to: loading))
    source.willDisplayRow(at: position)
    #expect(sent.intents == [.loadMore("s")])
    try source.apply(Self.update(3, from: loading, to: idle))
    source.willDisplayRow(at: position)
    #expect(sent.intents == [.loadMore("s"), .loadMore("s")])
  }

  @Test("selection sends select, an in-cell button sends action ROW NAME, the refresh control refresh")
  @MainActor
  func intents() throws {
    var registry = Self.fieldsRegistry([StatusRows.refreshingKind])
    registry.register("book", cell: ButtonCell.self) { (cell, _: FieldsModel, context) in
      cell.onTap = { context.sendAction("mark-read") }
    }
    let book = Row(id: "book-1", kind: "book", model: FieldsModel(fields: [], height: 60))
    let first = TableSnapshot(uncheckedSections: [Section(id: "s", rows: [book])])
    let refreshing = Row(
      id: StatusRows.refreshingID, kind: StatusRows.refreshingKind, model: FieldsModel(fields: [], height: 44)
    )
    let marked = TableSnapshot(uncheckedSections: [
      Section(id: "s", rows: [book]), Section(id: StatusRows.sectionID, rows: [refreshing]),
    ])
    let sent = Sent()
    let source = Self.dataSource(registry, sent: sent)
    try source.apply(Self.update(1, from: .empty, to: first))
    let position = RowPosition(section: 0, row: 0)
    source.didSelectRow(at: position)
    let cell = try #require(source.cell(at: position) as? ButtonCell)
    cell.onTap?()
    source.sendAction("share", at: position)
    source.didSelectRow(at: RowPosition(section: 3, row: 0))  // no such row: nothing
    #expect(!source.isRefreshing)
    source.refreshControlPulled()
    #expect(source.isRefreshing)
    #expect(
      sent.intents == [
        .select("book-1"), .action("book-1", name: "mark-read"), .action("book-1", name: "share"), .refresh,
      ])
    try source.apply(Self.update(2, from: first, to: marked))
    #expect(source.isRefreshing)
    try source.apply(Self.update(3, from: marked, to: first))
    #expect(!source.isRefreshing)
  }

  @Test("a kind with no registration: a placeholder naming kind and row, reported once; never a blank cell")
  @MainActor
  func unregisteredKind() throws {
    var errors: [CellConfigurationError] = []
    let sent = Sent()
    let source = Self.dataSource(Self.fieldsRegistry(["item"]), sent: sent) { errors.append($0) }
    let rows = ["a", "b"].map {
      Row(id: RowID($0), kind: "poster", model: FieldsModel(fields: [], height: 44))
    }
    let snapshot = TableSnapshot(uncheckedSections: [
      Section(id: "s", rows: [Row(id: "ok", kind: "item", model: FieldsModel(fields: [], height: 44))] + rows)
    ])
    try source.apply(Self.update(1, from: .empty, to: snapshot))
    let cells = Self.cells(of: source)
    #expect(cells[0].placeholderText == nil)
    #expect(cells[1].kind == .placeholder)
    #expect(
      cells[1].placeholderText
        == "cell kind 'poster' of row 'a' (section 0, row 1): no cell is registered for its kind")
    #expect(cells[2].placeholderText?.contains("row 'b'") == true)
    #expect(errors.map(\.description) == [cells[1].placeholderText])
    #expect(errors.first?.kind == "poster")
    #expect(errors.first?.row == "a")
  }

  @Test("a registered kind whose model or cell class does not match: a placeholder saying which")
  @MainActor
  func mismatches() throws {
    struct Poster: CellModel {
      var fields: [Field] { [] }
      var height: Double { 120 }
    }
    var registry = CellRegistry<HeadlessCell>()
    registry.register("poster", cell: PhotoCell.self) { (_, _: Poster) in }
    registry.register("wrong", cell: NotACell.self) { (_, _: FieldsModel) in }
    var errors: [CellConfigurationError] = []
    let source = Self.dataSource(registry, sent: Sent()) { errors.append($0) }
    let snapshot = TableSnapshot(uncheckedSections: [
      Section(
        id: "s",
        rows: [
          Row(id: "p", kind: "poster", model: FieldsModel(fields: [], height: 44)),
          Row(id: "q", kind: "poster", model: Poster()),
          Row(id: "w", kind: "wrong", model: FieldsModel(fields: [], height: 44)),
        ])
    ])
    try source.apply(Self.update(1, from: .empty, to: snapshot))
    let cells = Self.cells(of: source)
    #expect(
      cells[0].placeholderText?.hasSuffix("no registration of the kind takes its model, a FieldsModel")
        == true)
    #expect(cells[1].placeholderText == nil)
    #expect(cells[1] is PhotoCell)
    #expect(
      cells[2].placeholderText?.hasSuffix("its cell is a HeadlessCell, not the registered NotACell") == true)
    #expect(errors.count == 2)
  }

  @Test("an update of another screen instance is refused and changes nothing")
  @MainActor
  func otherScreenRefused() throws {
    let sent = Sent()
    let source = Self.dataSource(Self.fieldsRegistry(["item"]), sent: sent)
    let first = TableSnapshot(uncheckedSections: [
      Section(id: "s", rows: [Row(id: "a", kind: "item", model: FieldsModel(fields: [], height: 44))])
    ])
    try source.apply(Self.update(1, from: .empty, to: first))
    let other = PresentedUpdate(
      screen: ScreenRef(instance: 2, name: "detail", depth: 1), version: 1, previous: .empty,
      snapshot: .empty,
      changeset: StagedChangeset(stages: []), navigation: nil)
    #expect(throws: TableUpdateError.self) { try source.apply(other) }
    #expect(source.snapshot == first)
    #expect(source.view.snapshot == first)
  }

  #if DEBUG
  @Test("in a debug build the standard reporting stops at an assertion naming the kind and the row")
  func standardReportingAsserts() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let source = TableDataSource(
          view: HeadlessTableView(), registry: CellRegistry(), sink: IntentSink { _ in })
        source.view.dataSource = source
        source.snapshot = TableSnapshot(uncheckedSections: [
          Section(id: "s", rows: [Row(id: "a", kind: "poster", model: FieldsModel(fields: [], height: 44))])
        ])
        _ = source.cell(at: RowPosition(section: 0, row: 0))
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("TableFlowUIKit: cell kind 'poster' of row 'a' (section 0, row 0)"))
  }
  #endif
}
