import TableCore

/// What one subscription's reader has received of each screen instance, so that every update
/// it yields applies to what that reader shows.
///
/// An update whose ``PresentedUpdate/previous`` is not the snapshot the reader last received
/// of its screen (it skipped updates, or started after the screen's first one) is rebased: its
/// `previous` becomes that snapshot (`.empty` for a screen it never received) and its changeset
/// is recomputed with `snapshot.difference(from: previous)`.
struct ReceivedScreens {
  /// What to do with one event.
  enum Outcome {
    /// Not for this subscription.
    case skip
    /// Yield this update.
    case yield(PresentedUpdate)
    /// The screen followed was popped: the subscription ends.
    case end
  }

  /// The screen instance followed, or `nil` for every screen.
  let screen: ScreenRef?
  /// Whether updates are rebased; `false` passes every update on as presented (a lossless
  /// subscription to every screen, whose updates follow each other).
  let rebases: Bool
  private var shown: [Int: (version: Int, snapshot: TableSnapshot)] = [:]

  init(following screen: ScreenRef?, rebases: Bool) {
    self.screen = screen
    self.rebases = rebases
  }

  /// Takes one event.
  /// - Complexity: O(1), plus the difference of two snapshots when the update is rebased.
  mutating func receive(_ event: PipelineEvent) -> Outcome {
    guard case .presented(let update) = event.payload else { return .skip }
    if let screen {
      if case .popped(let popped, _) = update.navigation?.change, popped.instance == screen.instance {
        return .end
      }
      guard update.screen.instance == screen.instance else { return .skip }
    }
    guard rebases else { return .yield(update) }
    if case .popped(let popped, _) = update.navigation?.change { shown[popped.instance] = nil }
    let last = shown.updateValue((update.version, update.snapshot), forKey: update.screen.instance)
    return .yield(Self.rebased(update, onto: last))
  }

  /// `update` as seen by a reader who last received version `last` of its screen.
  static func rebased(
    _ update: PresentedUpdate, onto last: (version: Int, snapshot: TableSnapshot)?
  ) -> PresentedUpdate {
    let follows: Bool
    if let last {
      // The next version, or a screen revealed by `back` showing the version it showed.
      follows =
        update.version == last.version + 1
        || (update.version == last.version && update.changeset.stages.isEmpty)
    } else {
      follows = update.version == 1
    }
    if follows { return update }
    let previous = last?.snapshot ?? .empty
    return PresentedUpdate(
      screen: update.screen, version: update.version, previous: previous, snapshot: update.snapshot,
      changeset: update.snapshot.difference(from: previous), navigation: update.navigation)
  }
}
