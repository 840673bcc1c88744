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

  private var machine: TransformStateMachine
  private let bus: EventBus
  private let failures: FailureReporter
  private let jitter: ScheduleJitter

  init(machine: TransformStateMachine, bus: EventBus, failures: FailureReporter, jitter: ScheduleJitter) {
    self.machine = machine
    self.bus = bus
    self.failures = failures
    self.jitter = jitter
  }

  func received(_ intent: Intent) async -> [Work] {
    await jitter.pause(1)
    await bus.publish(.intentReceived(intent, screen: machine.top))
    return await perform(machine.received(intent))
  }

  func decoded(_ job: FetchJob, models: [any Sendable]) async -> [Work] {
    await jitter.pause(job.id &* 43)
    return await perform(machine.decoded(job: job.id, models: models))
  }

  func fetchFailed(_ job: FetchJob, _ failure: PipelineFailure) async -> [Work] {
    await jitter.pause(job.id &* 47)
    return await perform(machine.fetchFailed(job: job.id, failure))
  }

  private func perform(_ actions: [TransformStateMachine.Action]) async -> [Work] {
    var work: [Work] = []
    for action in actions {
      switch action {
      case .fetch(let job):
        work.append(.fetch(job))
      case .build(let built, let navigation):
        if let navigation { await bus.publish(.navigated(navigation)) }
        await bus.publish(.snapshotBuilt(built))
        work.append(.present(built, navigation: navigation))
      case .navigate(let navigation):
        await bus.publish(.navigated(navigation))
      case .reveal(let screen, let navigation):
        await bus.publish(.navigated(navigation))
        work.append(.reveal(screen, navigation: navigation))
      case .fail(let failure, let screen):
        await failures.report(failure, screen: screen)
      }
    }
    return work
  }
}
