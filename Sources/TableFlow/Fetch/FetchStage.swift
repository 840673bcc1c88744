/// Sends each batch the transform stage starts (`requestStarted`) through the transport, its
/// requests concurrently and each batch on its own, and publishes `responseReceived` with every
/// result in request order. `requestCancelled` cancels a batch in flight, which then publishes
/// nothing.
///
/// A request the transport has not answered within its timeout (the request's own, else
/// `PipelineOptions.requestTimeout`) is cancelled and fails with `.timedOut`. When the stage
/// stops (the bus finished or the pipeline was cancelled) every request in flight is cancelled
/// and awaited. A replay that answers every request from its fixture at once
/// (`ReplayTransport.answersAtOnce`) sets no timeout: nothing there can hang, and each
/// timeout's timer would stay scheduled for the whole timeout after its answer came (on Linux
/// a cancelled sleep keeps its timer), so a long replay would hold one per request.
actor FetchStage {
  private let transport: any Transport
  private let bus: EventBus
  private let requestTimeout: Duration?
  private let timesOut: Bool
  private var machine = FetchStateMachine()
  private var inFlight: [Int: Task<Void, Never>] = [:]

  init(transport: any Transport, bus: EventBus, requestTimeout: Duration?) {
    self.transport = transport
    self.bus = bus
    self.requestTimeout = requestTimeout
    timesOut = (transport as? ReplayTransport)?.answersAtOnce != true
  }

  /// Takes events until the bus finishes, then cancels and awaits what is in flight.
  func run(_ mailbox: StageMailbox) async {
    while let batch = await mailbox.next() {
      for event in batch {
        switch event.event.payload {
        case .requestStarted(let requests):
          inFlight[requests.id] = Task { await self.fetch(requests) }
        case .requestCancelled(let requests, _):
          inFlight.removeValue(forKey: requests.id)?.cancel()
        default:
          break
        }
      }
    }
    let tasks = inFlight.values
    inFlight = [:]
    for task in tasks { task.cancel() }
    for task in tasks { await task.value }
  }

  private func fetch(_ batch: RequestBatch) async {
    defer { inFlight[batch.id] = nil }
    let requests = batch.requests
    var settled = machine.start(job: batch.id, requests: batch.screenRequests)
    if settled == nil {
      let transport = transport
      let timeout = requestTimeout
      let timesOut = timesOut
      settled = await withTaskGroup(of: (Int, Result<TransportResponse, TransportError>).self) { group in
        for (index, request) in requests.enumerated() {
          group.addTask {
            let number = batch.firstRequestNumber + index
            return (
              index,
              await Self.send(
                request, number: number, through: transport,
                timeout: timesOut ? request.timeout ?? timeout : nil)
            )
          }
        }
        for await (index, result) in group {
          if let action = machine.received(job: batch.id, index: index, result) { return action }
        }
        return .cancelled
      }
    }
    if Task.isCancelled { return }
    let outcome: FetchedBatch
    switch settled {
    case .complete(let responses)?:
      outcome = FetchedBatch(batch: batch, results: responses.map { .success($0) }, failure: nil)
    case .fail(let reason, let results)?:
      outcome = FetchedBatch(batch: batch, results: results, failure: reason)
    case .cancelled?, nil:
      return
    }
    await bus.publish(.responseReceived(outcome))
  }

  /// Sends one request, cut after `timeout` when there is one.
  private static func send(
    _ request: TransportRequest, number: Int, through transport: any Transport, timeout: Duration?
  ) async -> Result<TransportResponse, TransportError> {
    guard let timeout else { return await send(request, number: number, through: transport) }
    return await withTaskGroup(of: Result<TransportResponse, TransportError>?.self) { group in
      group.addTask { await send(request, number: number, through: transport) }
      group.addTask {
        do {
          try await Task.sleep(for: timeout)
        } catch {
          return nil  // cancelled: the answer came first, or the batch was cancelled
        }
        return .failure(TransportError(.timedOut, "no answer within \(timeout)"))
      }
      defer { group.cancelAll() }
      while let next = await group.next() {
        if let result = next { return result }
      }
      return .failure(TransportError(.cancelled, "the request was cancelled"))
    }
  }

  private static func send(
    _ request: TransportRequest, number: Int, through transport: any Transport
  ) async -> Result<TransportResponse, TransportError> {
    do throws(TransportError) {
      return .success(try await transport.send(request, number: number))
    } catch {
      return .failure(error)
    }
  }
}
