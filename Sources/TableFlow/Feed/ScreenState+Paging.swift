/// When one of the screen's changes was made and confirmed, in the screen's own order
/// (``ScreenState/clock``).
struct ChangeTimes: Hashable, Sendable {
  var value: String
  var made: Int
  var confirmed: Int?
}

/// When the newest page of a slot was requested and applied, in the screen's own order.
struct PageTimes: Hashable, Sendable {
  var requested: Int
  var received: Int
}

extension ScreenState {
  /// Whether the backend had applied `change` when it served the newest page in `slot`, as
  /// far as the screen can know: the order in which the change was made and confirmed, and
  /// the page requested and applied.
  ///
  /// Offset paging over a list the screen's own changes reorder (a book moved to another
  /// shelf leaves one list and joins another) adjusts the next offset by the changes the
  /// page does not show: a change ``ChangeOrder/afterPage`` certainly shifted the list after
  /// the page was served; one ``ChangeOrder/unknown`` may have, so the next offset should be
  /// chosen so that the next page overlaps rather than skips (the repeats are dropped by id).
  ///
  /// - Returns: ``ChangeOrder/unknown`` for a change the screen did not make or a slot with no
  ///   page.
  /// - Complexity: O(changes of `change.key`).
  public func order(of change: ScreenChange, relativeToNewestPageIn slot: String) -> ChangeOrder {
    guard let page = newestPageTimes[slot],
      let times = changeTimes[change.key]?.last(where: { $0.value == change.value }),
      let confirmed = times.confirmed
    else { return .unknown }
    if confirmed < page.requested { return .beforePage }
    if times.made > page.received { return .afterPage }
    return .unknown
  }

  /// The next tick of the screen's clock.
  mutating func tick() -> Int {
    clock += 1
    return clock
  }

  /// Marks the change of `change.key` to `change.value` as confirmed by the backend now.
  mutating func confirm(_ change: ScreenChange) {
    let now = tick()
    guard var times = changeTimes[change.key],
      let index = times.lastIndex(where: { $0.value == change.value && $0.confirmed == nil })
    else { return }
    times[index].confirmed = now
    changeTimes[change.key] = times
  }
}
