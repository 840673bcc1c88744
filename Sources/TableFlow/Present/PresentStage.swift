/// Presents what the transform stage built: applies each `snapshotBuilt` to its screen's
/// headless table and shows a popped-to screen again on `navigated(.popped)`, publishing
/// `presented` (after a `failed` event when the table rejected a changeset). A popped screen's
/// table is forgotten.
actor PresentStage {
  private var machine = PresentStateMachine()
  private let bus: EventBus
  private let failures: FailureReporter

  init(bus: EventBus, failures: FailureReporter) {
    self.bus = bus
    self.failures = failures
  }

  /// Takes events until the bus finishes.
  func run(_ mailbox: StageMailbox) async {
    while let batch = await mailbox.next() {
      var events: [PipelineEvent] = []
      for event in batch {
        switch event.event.payload {
        case .snapshotBuilt(let built):
          let action = machine.present(built, navigation: built.navigation)
          if let failure = action.failure { events.append(failures.record(failure, screen: built.screen)) }
          events.append(.presented(action.update))
          if let cells = action.cells { events.append(.cellsUpdated(cells)) }
        case .navigated(let navigation):
          guard case .popped(let popped, let revealed) = navigation.change else { break }
          events.append(.presented(machine.reveal(revealed, navigation: navigation)))
          machine.forget(popped)
        default:
          break
        }
      }
      await bus.publish(contentsOf: events)
    }
  }
}
