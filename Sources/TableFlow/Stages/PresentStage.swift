/// Presents built snapshots through each screen's headless table: numbers versions and
/// publishes `presented` (after a `failed` event when the table rejected a changeset).
actor PresentStage {
  private let home: StageHome

  /// Runs on the executor all stages share (see ``StageHome``).
  nonisolated var unownedExecutor: UnownedSerialExecutor { home.unownedExecutor }

  private var machine = PresentStateMachine()
  private let bus: EventBus
  private let failures: FailureReporter
  private let jitter: ScheduleJitter

  init(home: StageHome, bus: EventBus, failures: FailureReporter, jitter: ScheduleJitter) {
    self.home = home
    self.bus = bus
    self.failures = failures
    self.jitter = jitter
  }

  func present(_ built: BuiltSnapshot, navigation: Navigation?) async {
    await jitter.pause(53)
    let action = machine.present(built, navigation: navigation)
    var events: [PipelineEvent] = []
    if let failure = action.failure { events.append(failures.record(failure, screen: built.screen)) }
    events.append(.presented(action.update))
    if let cells = action.cells { events.append(.cellsUpdated(cells)) }
    await bus.publish(contentsOf: events)
  }

  func reveal(_ screen: ScreenRef, navigation: Navigation) async {
    await jitter.pause(59)
    await bus.publish(.presented(machine.reveal(screen, navigation: navigation)))
  }
}
