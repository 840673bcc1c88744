/// Decodes a batch's response bodies into the screen's model and publishes `decoded` or
/// `failed`.
actor DecodeStage {
  /// How a batch ended.
  enum Outcome: Sendable {
    case decoded([any Sendable])
    case failed(PipelineFailure)
  }

  private let home: StageHome

  /// Runs on the executor all stages share (see ``StageHome``).
  nonisolated var unownedExecutor: UnownedSerialExecutor { home.unownedExecutor }

  private let bus: EventBus
  private let jitter: ScheduleJitter
  private let failures: FailureReporter
  private let machine = DecodeStateMachine()

  init(home: StageHome, bus: EventBus, failures: FailureReporter, jitter: ScheduleJitter) {
    self.home = home
    self.failures = failures
    self.bus = bus
    self.jitter = jitter
  }

  func decode(_ job: FetchJob, _ responses: [ReceivedResponse]) async -> Outcome {
    await jitter.pause(job.id &* 41)
    switch machine.decode(responses, with: job.decode) {
    case .publish(let models):
      await bus.publish(
        .decoded(DecodedBatch(screen: job.screen, slots: job.requests.map(\.slot), models: models)))
      return .decoded(models)
    case .fail(let failure):
      await failures.report(failure, screen: job.screen)
      return .failed(failure)
    }
  }
}
