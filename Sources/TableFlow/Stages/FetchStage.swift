/// Sends a screen's requests through the transport, concurrently, and publishes
/// `requestStarted`, then `responseReceived` (in request order) or `failed`.
///
/// Cancelling the calling task cancels every request in flight.
actor FetchStage {
  /// How a batch ended.
  enum Outcome: Sendable {
    case answered([ReceivedResponse])
    case failed(PipelineFailure)
    case cancelled
  }

  private let home: StageHome

  /// Runs on the executor all stages share (see ``StageHome``).
  nonisolated var unownedExecutor: UnownedSerialExecutor { home.unownedExecutor }

  private let transport: any Transport
  private let bus: EventBus
  private let jitter: ScheduleJitter
  private let failures: FailureReporter
  private var machine = FetchStateMachine()

  init(
    home: StageHome, transport: any Transport, bus: EventBus, failures: FailureReporter,
    jitter: ScheduleJitter
  ) {
    self.home = home
    self.failures = failures
    self.transport = transport
    self.bus = bus
    self.jitter = jitter
  }

  func perform(_ job: FetchJob) async -> Outcome {
    await jitter.pause(job.id)
    let requests = job.requests.map(\.request)
    await bus.publish(.requestStarted(requests, screen: job.screen))
    var settled = machine.start(job: job.id, requests: job.requests)
    if settled == nil {
      let transport = transport
      let jitter = jitter
      settled = await withTaskGroup(of: (Int, Result<TransportResponse, TransportError>).self) { group in
        for (index, request) in requests.enumerated() {
          group.addTask {
            await jitter.pause(job.id &* 31 &+ index)
            do throws(TransportError) {
              let response = try await transport.send(request)
              await jitter.pause(job.id &* 37 &+ index)
              return (index, .success(response))
            } catch {
              return (index, .failure(error))
            }
          }
        }
        for await (index, result) in group {
          if let action = machine.received(job: job.id, index: index, result) { return action }
        }
        return .cancelled
      }
    }
    if Task.isCancelled { return .cancelled }
    switch settled {
    case .complete(let responses):
      let received = zip(requests, responses).map { ReceivedResponse(request: $0, response: $1) }
      await bus.publish(.responseReceived(received, screen: job.screen))
      return .answered(received)
    case .fail(let failure):
      await failures.report(failure, screen: job.screen)
      return .failed(failure)
    case .cancelled, nil:
      return .cancelled
    }
  }
}
