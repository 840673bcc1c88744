/// The applied order of a replayed recording as its fixture is read: the replay transport
/// appends a step for each intent and answer record it reads, and the transform stage follows
/// them (see `ApplyOrder`), so nothing waits for the whole fixture to be read.
///
/// Until the fixture shows an intent recorded after a request (``isInterleaved``), its intents
/// are a script (each sent once the previous one has settled) and only the answers keep their
/// recorded order; from then on intents and answers follow the recorded order together. Steps
/// the transform stage has passed are dropped, so a long session does not keep them.
final class ReplaySteps: Sendable {
  private struct State {
    /// The steps from `base` on.
    var steps: [ReplayOrder.Step] = []
    var base = 0
    var isInterleaved = false
    var isComplete = false
  }

  private let state: Locked<State>

  /// No steps yet: the transport appends them as it reads.
  init() { state = Locked(State()) }

  /// A whole recorded order, read before the session.
  init(_ order: ReplayOrder) {
    state = Locked(State(steps: order.steps, isInterleaved: true, isComplete: true))
  }

  /// Appends the step of the record just read.
  func append(_ step: ReplayOrder.Step) { state.withLock { $0.steps.append(step) } }

  /// Notes that an intent was recorded after a request: the recorded order now decides when
  /// intents are applied too.
  func markInterleaved() { state.withLock { $0.isInterleaved = true } }

  /// Notes that the fixture was read to its end (or its damage): no step will be added.
  func finish() { state.withLock { $0.isComplete = true } }

  /// Whether intents follow the recorded order (see ``markInterleaved()``).
  var isInterleaved: Bool { state.withLock { $0.isInterleaved } }

  /// Whether every step is known.
  var isComplete: Bool { state.withLock { $0.isComplete } }

  /// The index of the first step at or after `index` that `matches` (`nil` when none has been
  /// read yet), and the index after the last step read.
  func firstIndex(
    from index: Int, where matches: (ReplayOrder.Step) -> Bool
  ) -> (found: Int?, end: Int) {
    state.withLock { state in
      var position = max(index, state.base)
      let end = state.base + state.steps.count
      while position < end {
        if matches(state.steps[position - state.base]) { return (position, end) }
        position += 1
      }
      return (nil, end)
    }
  }

  /// The step at `index` (at or after the oldest kept step).
  func step(at index: Int) -> ReplayOrder.Step? {
    state.withLock { state in
      let offset = index - state.base
      return state.steps.indices.contains(offset) ? state.steps[offset] : nil
    }
  }

  /// Drops the steps before `index`, once that frees a good share of them.
  func discard(before index: Int) {
    state.withLock { state in
      let count = index - state.base
      guard count >= 1024, count * 2 >= state.steps.count else { return }
      state.steps.removeFirst(count)
      state.base = index
    }
  }
}
