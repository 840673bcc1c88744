import TableCore

/// The present stage's logic: each screen's headless table and version counter.
///
/// A built snapshot's changeset is applied to the screen's ``HeadlessTable`` exactly as UIKit
/// would; a changeset UIKit would reject becomes an `internal` failure and the table is
/// reloaded with the snapshot instead (as an app would call `reloadData()`), so the screen
/// still shows the right content.
struct PresentStateMachine {
  /// What the stage must publish, in order.
  struct Action {
    /// A changeset the table rejected, if any.
    var failure: PipelineFailure?
    /// The update to present.
    var update: PresentedUpdate
    /// The cells that appeared or changed, for the adapter events.
    var cells: CellUpdates? = nil
  }

  private struct Shown {
    var version: Int
    var table: HeadlessTable
  }

  private var shown: [Int: Shown] = [:]

  /// A built snapshot arrived: apply it and present the next version of its screen.
  mutating func present(_ built: BuiltSnapshot, navigation: Navigation?) -> Action {
    var current = shown[built.screen.instance] ?? Shown(version: 0, table: HeadlessTable())
    var failure: PipelineFailure?
    let previous = current.table.snapshot
    var reloaded = current.version == 0
    do {
      try current.table.apply(built.changeset)
    } catch {
      reloaded = true
      failure = PipelineFailure(
        .internal, stage: .present, "\(built.screen.name) v\(current.version + 1): \(error.description)")
      current.table.reloadData(built.snapshot)
    }
    current.version += 1
    shown[built.screen.instance] = current
    let update = PresentedUpdate(
      screen: built.screen, version: current.version, previous: previous, snapshot: built.snapshot,
      changeset: built.changeset,
      navigation: navigation)
    let cells = CellUpdates.cells(
      presenting: built.snapshot, before: previous, changeset: built.changeset, reloaded: reloaded)
    return Action(
      failure: failure, update: update,
      cells: cells.isEmpty ? nil : CellUpdates(screen: built.screen, version: current.version, cells: cells))
  }

  /// A screen is shown again after `back`: its current version, unchanged.
  func reveal(_ screen: ScreenRef, navigation: Navigation) -> PresentedUpdate {
    let current = shown[screen.instance] ?? Shown(version: 0, table: HeadlessTable())
    return PresentedUpdate(
      screen: screen, version: current.version, previous: current.table.snapshot,
      snapshot: current.table.snapshot,
      changeset: StagedChangeset(),
      navigation: navigation)
  }

  /// Forgets a popped screen's table: it is never shown again.
  mutating func forget(_ screen: ScreenRef) { shown[screen.instance] = nil }

  /// The number of screens whose tables are kept.
  var screenCount: Int { shown.count }

  /// The version a screen shows, 0 before its first snapshot.
  func version(of screen: ScreenRef) -> Int { shown[screen.instance]?.version ?? 0 }

  /// What a screen's table shows.
  func snapshot(of screen: ScreenRef) -> TableSnapshot { shown[screen.instance]?.table.snapshot ?? .empty }
}
