/// Puts a bus's events back in applied order for the logs: each input's events, then the
/// presentations they asked for, then the next input's.
///
/// The transform stage does not wait for the present stage, so on the bus the `presented`
/// events of one input may come after the next input's events. The transform stage publishes
/// each input's events together, starting with its mark (`intentReceived`, `intentIgnored` or
/// `responsesApplied`), and the present stage answers every presentation it is asked for
/// (`snapshotBuilt`, `navigated(.popped)`) in order with one `presented` (after a `failed` of its
/// own when the table refused a changeset, before the `cellsUpdated` it caused). So the
/// sequencer holds a mark back while presentations asked for before it are still to come, and
/// lets it through once they have: the output is the same whatever the scheduling.
///
/// Pure and synchronous: ``Pipeline/run(script:onEvent:)`` feeds it every event in bus order.
struct EventSequencer {
  /// Events held back, in bus order: the first is a mark.
  private var held: [BusEvent] = []
  /// The presentations let through whose `presented` has not come yet.
  private var unpresented = 0

  /// Takes the next event in bus order; calls `deliver` with the events now in applied order.
  mutating func take(_ event: BusEvent, deliver: (BusEvent) -> Void) {
    if event.event.isPresentStageEvent {
      // With every presentation let through already presented, this one belongs to a held input.
      if unpresented == 0, event.event.startsPresentation { release(deliver) }
      if case .presented = event.event.payload { unpresented = max(unpresented - 1, 0) }
      deliver(event)
      return
    }
    if unpresented == 0 { release(deliver) }
    if !held.isEmpty || (unpresented > 0 && event.event.isMark) {
      held.append(event)
    } else {
      pass(event, deliver)
    }
  }

  /// Lets every held event through: the bus ended, nothing more will be presented.
  mutating func finish(deliver: (BusEvent) -> Void) {
    for event in held { deliver(event) }
    held = []
  }

  /// Lets held events through up to the next mark that must wait for presentations.
  private mutating func release(_ deliver: (BusEvent) -> Void) {
    var index = 0
    while index < held.count {
      if unpresented > 0, held[index].event.isMark { break }
      pass(held[index], deliver)
      index += 1
    }
    held.removeFirst(index)
  }

  private mutating func pass(_ event: BusEvent, _ deliver: (BusEvent) -> Void) {
    if event.event.asksForPresentation { unpresented += 1 }
    deliver(event)
  }
}

extension PipelineEvent {
  /// Whether the present stage published this event.
  fileprivate var isPresentStageEvent: Bool {
    switch payload {
    case .presented, .cellsUpdated: return true
    case .failed(let failure, _): return failure.stage == .present
    default: return false
    }
  }

  /// Whether this present-stage event is the first of the events one presentation causes.
  fileprivate var startsPresentation: Bool {
    if case .cellsUpdated = self.payload { return false }
    return true
  }

  /// Whether this event starts the events of one input the transform stage applied.
  var isMark: Bool {
    switch payload {
    case .intentReceived, .intentIgnored, .responsesApplied: return true
    default: return false
    }
  }

  /// Whether the present stage answers this event with a `presented`.
  fileprivate var asksForPresentation: Bool {
    switch payload {
    case .snapshotBuilt: return true
    case .navigated(let navigation): return navigation.kind == .popped
    default: return false
    }
  }
}
