/// Owns the navigation stack and every screen's state; turns intents and decoded answers into
/// snapshots. Publishes `intentReceived`, `navigated`, `snapshotBuilt` and its own `failed`
/// events, and hands fetches and presentations back to the pipeline.
actor TransformStage {
  /// Work for the other stages, in order.
  enum Work: Sendable {
    case fetch(FetchJob)
    case present(BuiltSnapshot, navigation: Navigation?)
    case reveal(ScreenRef, navigation: Navigation)
  }

  private let home: StageHome

  /// Runs on the executor all stages share (see ``StageHome``).
  nonisolated var unownedExecutor: UnownedSerialExecutor { home.unownedExecutor }

  private var machine: TransformStateMachine
  private let bus: EventBus
  private let failures: FailureReporter
  private let jitter: ScheduleJitter

  init(
    home: StageHome, machine: TransformStateMachine, bus: EventBus, failures: FailureReporter,
    jitter: ScheduleJitter
  ) {
    self.home = home
    self.machine = machine
    self.bus = bus
    self.failures = failures
    self.jitter = jitter
  }

  func received(_ intent: Intent) async -> [Work] {
    await jitter.pause(1)
    return await perform(machine.received(intent), after: [.intentReceived(intent, screen: machine.top)])
  }

  func decoded(_ job: FetchJob, models: [any Sendable]) async -> [Work] {
    await jitter.pause(job.id &* 43)
    return await perform(machine.decoded(job: job.id, models: models))
  }

  func fetchFailed(_ job: FetchJob, _ failure: PipelineFailure) async -> [Work] {
    await jitter.pause(job.id &* 47)
    return await perform(machine.fetchFailed(job: job.id, failure))
  }

  /// Publishes the actions' events as one batch (after `earlier`) and returns the work for the
  /// other stages.
  private func perform(
    _ actions: [TransformStateMachine.Action], after earlier: [PipelineEvent] = []
  ) async -> [Work] {
    var work: [Work] = []
    var events = earlier
    for action in actions {
      switch action {
      case .fetch(let job):
        work.append(.fetch(job))
      case .build(let built, let navigation):
        if let navigation { events.append(.navigated(navigation)) }
        events.append(.snapshotBuilt(built))
        work.append(.present(built, navigation: navigation))
      case .navigate(let navigation):
        events.append(.navigated(navigation))
      case .reveal(let screen, let navigation):
        events.append(.navigated(navigation))
        work.append(.reveal(screen, navigation: navigation))
      case .fail(let failure, let screen):
        events.append(failures.record(failure, screen: screen))
      case .reportDuplicates(let reports, let screen):
        events.append(.duplicatesResolved(reports, screen: screen))
      }
    }
    await bus.publish(contentsOf: events)
    return work
  }
}
