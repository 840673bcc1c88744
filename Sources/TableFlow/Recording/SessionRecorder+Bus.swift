/// What a recorder remembers while it records a pipeline's bus.
struct BusRecordingState: Sendable {
  /// The `seq` of each request of the batches in flight, by batch.
  var requestSeqs: [Int: [Int?]] = [:]
  /// The sequence number of the last event recorded.
  var recordedThrough: UInt64?
  /// Who waits for an event to be recorded, with its sequence number.
  var waiters: [(sequence: UInt64, continuation: CheckedContinuation<Void, Never>)] = []
}

extension SessionRecorder {
  /// Records one event of a pipeline's bus, in the order the transform stage applied things:
  /// each intent at its `intentReceived` (or `intentIgnored`), each batch's requests at
  /// `requestStarted`, and its answers — responses, and transport errors as error records — at
  /// `responsesApplied`. A cancelled batch keeps its requests without answers.
  ///
  /// Events must come in bus order: the pipeline's recording task hands over each one, once.
  func record(_ event: BusEvent) {
    defer { recorded(through: event.sequence) }
    switch event.event.payload {
    case .intentReceived(let intent, _), .intentIgnored(let intent, _, _):
      record(intent)
    case .requestStarted(let batch):
      busState.requestSeqs[batch.id] = batch.requests.map { record(request: $0) }
    case .requestCancelled(let batch, _):
      busState.requestSeqs[batch.id] = nil
    case .responsesApplied(let fetched):
      let seqs = busState.requestSeqs.removeValue(forKey: fetched.batch.id) ?? []
      for (index, result) in fetched.results.enumerated() {
        let seq = index < seqs.count ? seqs[index] : nil
        switch result {
        case .success(let response): record(response: response, toRequest: seq)
        case .failure(let error): record(failure: error, toRequest: seq)
        }
      }
    default:
      break
    }
  }

  /// Returns once the event numbered `sequence` has been recorded: ``Pipeline/run(script:onEvent:)``
  /// hands a mark's log lines over only then, so a log line is never ahead of the recording.
  /// The recording task sees every event the session's own subscription sees (it subscribed
  /// first, and drains the bus even when the session is cancelled), so this always returns.
  func waitUntilRecorded(through sequence: UInt64) async {
    if let through = busState.recordedThrough, through >= sequence { return }
    await withCheckedContinuation { busState.waiters.append((sequence, $0)) }
  }

  private func recorded(through sequence: UInt64) {
    busState.recordedThrough = sequence
    guard !busState.waiters.isEmpty else { return }
    let (ready, waiting) = (
      busState.waiters.filter { $0.sequence <= sequence }, busState.waiters.filter { $0.sequence > sequence }
    )
    busState.waiters = waiting
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Records every event of `subscription` until it ends.
  func record(_ subscription: BusSubscription) async {
    for await event in subscription { record(event) }
  }
}
