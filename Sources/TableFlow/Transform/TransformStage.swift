/// Owns the navigation stack and every screen's state: applies intents (`intentSent`) and
/// decoded answers (`decoded`) one at a time, in the order it takes them from the bus (or a
/// replay's recorded order), and publishes what each one caused, starting with its mark —
/// `intentReceived`, `intentIgnored` or `responsesApplied` — then requests, cancellations,
/// navigation, failures and snapshots.
///
/// It never waits for the present stage: it applies the next input while the snapshots of the
/// last one are being presented and logged, so transform, present and the log writers overlap.
/// Each input's events are published together, starting with its mark, so the bus holds the
/// inputs in applied order; `EventSequencer` puts each input's presentations back behind it for
/// the logs. It counts the presentations it asked for (it sees their `presented` events) and,
/// when nothing is left to apply, in flight or unpresented, it publishes `settled`: the one
/// publisher of that event.
actor TransformStage {
  private var machine: TransformStateMachine
  private var order: ApplyOrder
  private let bus: EventBus
  private let failures: FailureReporter
  private var unpresented = 0
  private var lastTaken: UInt64 = 0
  private var owesSettled = false

  init(machine: TransformStateMachine, order: ApplyOrder, bus: EventBus, failures: FailureReporter) {
    self.machine = machine
    self.order = order
    self.bus = bus
    self.failures = failures
  }

  /// Takes events until the bus finishes.
  func run(_ mailbox: StageMailbox) async {
    while let batch = await mailbox.next() {
      for event in batch {
        lastTaken = event.sequence
        switch event.event.payload {
        case .intentSent(let intent):
          order.enqueue(.intent(intent))
          owesSettled = true
        case .decoded(let decoded):
          order.enqueue(.answers(decoded))
          owesSettled = true
        case .presented:
          unpresented -= 1
        default:
          break
        }
      }
      await applyWhatIsReady()
    }
  }

  private func applyWhatIsReady() async {
    while let input = nextInput() {
      let actions: [TransformStateMachine.Action]
      switch input {
      case .intent(let intent): actions = self.machine.received(intent)
      case .answers(let decoded): actions = self.machine.decoded(decoded)
      }
      await bus.publish(contentsOf: events(for: actions))
    }
    if unpresented == 0, owesSettled, order.isEmpty, machine.inFlightCount == 0 {
      owesSettled = false
      await bus.publish(.settled(through: lastTaken))
    }
  }

  private func nextInput() -> ApplyOrder.Input? {
    let pending = machine.pending
    return order.next(
      isPending: { pending[$0] != nil },
      isInFlight: { number in pending.values.contains { $0.batch.contains(requestNumber: number) } })
  }

  /// The actions' events, in order; counts the presentations they ask for.
  private func events(for actions: [TransformStateMachine.Action]) -> [PipelineEvent] {
    var events: [PipelineEvent] = []
    events.reserveCapacity(actions.count + 1)
    for action in actions {
      switch action {
      case .applied(let intent, let screen):
        events.append(.intentReceived(intent, screen: screen))
      case .ignored(let intent, let screen, let reason):
        events.append(.intentIgnored(intent, screen: screen, reason: reason))
      case .answered(let fetched):
        events.append(.responsesApplied(fetched))
      case .start(let batch):
        events.append(.requestStarted(batch))
      case .cancel(let batch, let reason):
        events.append(.requestCancelled(batch, reason: reason))
      case .build(let built):
        if let navigation = built.navigation { events.append(.navigated(navigation)) }
        events.append(.snapshotBuilt(built))
        unpresented += 1
      case .navigate(let navigation):
        events.append(.navigated(navigation))
        if case .popped = navigation.change { unpresented += 1 }
      case .fail(let failure, let screen):
        events.append(failures.record(failure, screen: screen))
      case .reportDuplicates(let reports, let screen):
        events.append(.duplicatesResolved(reports, screen: screen))
      }
    }
    return events
  }
}
