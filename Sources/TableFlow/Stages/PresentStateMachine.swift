import TableCore

/// The present stage's logic: each screen's version counter and what its table shows.
struct PresentStateMachine {
  private struct Shown {
    var version: Int
    var snapshot: TableSnapshot
  }

  private var shown: [Int: Shown] = [:]

  /// A built snapshot arrived: the update to present, with the next version of its screen.
  mutating func present(_ built: BuiltSnapshot, navigation: Navigation?) -> PresentedUpdate {
    let previous = shown[built.screen.instance]
    let version = (previous?.version ?? 0) + 1
    shown[built.screen.instance] = Shown(version: version, snapshot: built.snapshot)
    return PresentedUpdate(
      screen: built.screen, version: version, snapshot: built.snapshot, changeset: built.changeset,
      navigation: navigation)
  }

  /// A screen is shown again after `back`: its current version, unchanged.
  func reveal(_ screen: ScreenRef, navigation: Navigation) -> PresentedUpdate {
    let current = shown[screen.instance] ?? Shown(version: 0, snapshot: .empty)
    return PresentedUpdate(
      screen: screen, version: current.version, snapshot: current.snapshot, changeset: StagedChangeset(),
      navigation: navigation)
  }

  /// The version a screen shows, 0 before its first snapshot.
  func version(of screen: ScreenRef) -> Int { shown[screen.instance]?.version ?? 0 }
}
