import TableCore
import TestSupport
import Testing

@testable import TableFlow

/// ``ItemListScreen`` with its item rows memoised (``ScreenState/rows(_:ofPages:build:)``).
private struct MemoisedItemListScreen: Screen {
  let base = ItemListScreen()
  var name: String { base.name }

  func requests(for load: ScreenLoad, state: ScreenState<ItemPage>) -> [ScreenRequest] {
    base.requests(for: load, state: state)
  }

  func nextPage(of section: SectionID, state: ScreenState<ItemPage>) -> ScreenRequest? {
    base.nextPage(of: section, state: state)
  }

  func sections(for state: ScreenState<ItemPage>) throws -> [Section] {
    let pages = state.pages(in: "items")
    guard !pages.isEmpty else { return [] }
    let rows = state.rows("items", ofPages: pages.map(\.items)) { _, item, rows in
      rows.append(Row(id: RowID(item.id), kind: "item", model: TitleModel(title: item.title)))
    }
    if rows.contains(where: { $0.model.as(TitleModel.self)?.title == "THROW" }) { throw TransformProblem() }
    return [
      Section(id: "items", header: "Items", rows: rows),
      Section(
        id: "more", header: "More", style: .static,
        rows: [Row(id: "site", kind: "link", model: TitleModel(title: "Website"))]),
    ]
  }
}

@Suite("Memoised build")
struct MemoisedBuildPropertyTests {
  private static func page(using random: inout SeededGenerator) -> ItemPage {
    let titles = ["Zero", "One", "Two", "THROW"]
    let items = (0..<Int.random(in: 0...2, using: &random)).map { _ in
      Item(
        id: "item-\(Int.random(in: 0..<10, using: &random))",
        title: titles[
          Int.random(in: 0..<(Int.random(in: 0..<8, using: &random) == 0 ? 4 : 3), using: &random)])
    }
    return ItemPage(items: items, total: Int.random(in: 0..<12, using: &random))
  }

  /// The snapshots and changesets a step's actions present.
  private static func built(_ actions: [TransformStateMachine.Action]) -> [StagedChangeset] {
    actions.compactMap { if case .build(let built) = $0 { built.changeset } else { nil } }
  }

  @Test(
    "the memoised build presents what a full rebuild does, for random intents and answers (25 seeds)",
    arguments: 0..<25)
  func equalsFullRebuild(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed))
    var full = TransformStateMachine(root: ItemListScreen(), parameters: [:])
    var memoised = TransformStateMachine(root: MemoisedItemListScreen(), parameters: [:])
    for step in 0..<80 {
      var actions: ([TransformStateMachine.Action], [TransformStateMachine.Action]) = ([], [])
      let pending = full.pending.keys.sorted()
      switch Int.random(in: 0..<10, using: &random) {
      case 0:
        let intent: Intent = Bool.random(using: &random) ? .load : .refresh
        actions = (full.received(intent), memoised.received(intent))
      case 1, 2:
        actions = (full.received(.loadMore("items")), memoised.received(.loadMore("items")))
      case 3:
        let section: SectionID = Bool.random(using: &random) ? "items" : "more"
        let intent: Intent = Bool.random(using: &random) ? .collapse(section) : .expand(section)
        actions = (full.received(intent), memoised.received(intent))
      case 4...8:
        guard let id = pending.randomElement(using: &random), let fullJob = full.pending[id],
          let memoisedJob = memoised.pending[id]
        else { continue }
        let pages = fullJob.batch.requests.map { _ in Self.page(using: &random) }
        actions = (
          full.decoded(TransformStateMachineTests.answer(fullJob.batch, pages)),
          memoised.decoded(TransformStateMachineTests.answer(memoisedJob.batch, pages))
        )
      default:
        guard let id = pending.randomElement(using: &random), let fullJob = full.pending[id],
          let memoisedJob = memoised.pending[id]
        else { continue }
        let failure = PipelineFailure(.network, stage: .fetch, "HTTP 500")
        actions = (
          full.decoded(TransformStateMachineTests.failure(fullJob.batch, failure)),
          memoised.decoded(TransformStateMachineTests.failure(memoisedJob.batch, failure))
        )
      }
      #expect(Self.built(actions.0) == Self.built(actions.1), "seed \(seed), step \(step)")
      #expect(
        TransformStateMachineTests.snapshots(actions.0) == TransformStateMachineTests.snapshots(actions.1),
        "seed \(seed), step \(step)")
    }
  }
}
