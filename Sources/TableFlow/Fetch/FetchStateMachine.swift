/// The fetch stage's logic: collects the answers of a batch as they arrive and releases them
/// in request order once all are in, turning transport errors and refused statuses into
/// failures. Arrival order never shows.
struct FetchStateMachine {
  /// What the stage must do once a batch is settled.
  enum Action: Sendable, Equatable {
    /// Every request was answered with an accepted status: the responses in request order.
    case complete([TransportResponse])
    /// The first failure in request order, with every request's result in request order.
    case fail(PipelineFailure, results: [Result<TransportResponse, TransportError>])
    /// The calling task was cancelled: publish nothing more.
    case cancelled
  }

  private struct Batch {
    var requests: [ScreenRequest]
    var results: [Result<TransportResponse, TransportError>?]
    var remaining: Int
  }

  private var batches: [Int: Batch] = [:]

  /// The number of batches waiting for answers.
  var inFlight: Int { batches.count }

  /// Starts a batch; returns the settled action at once for an empty one.
  mutating func start(job id: Int, requests: [ScreenRequest]) -> Action? {
    guard !requests.isEmpty else { return .complete([]) }
    batches[id] = Batch(
      requests: requests, results: Array(repeating: nil, count: requests.count), remaining: requests.count)
    return nil
  }

  /// Records the answer to request `index` of a batch; returns the action when the batch is
  /// settled.
  mutating func received(
    job id: Int, index: Int, _ result: Result<TransportResponse, TransportError>
  ) -> Action? {
    guard var batch = batches[id], batch.results.indices.contains(index), batch.results[index] == nil else {
      return nil
    }
    batch.results[index] = result
    batch.remaining -= 1
    guard batch.remaining == 0 else {
      batches[id] = batch
      return nil
    }
    batches[id] = nil
    // Every slot is filled: `remaining` counts the empty ones.
    let results = batch.results.compactMap { $0 }
    var responses: [TransportResponse] = []
    responses.reserveCapacity(results.count)
    for (request, result) in zip(batch.requests, results) {
      switch result {
      case .success(let response):
        guard request.acceptedStatuses.contains(response.status) else {
          return .fail(Self.statusFailure(response, for: request), results: results)
        }
        responses.append(response)
      case .failure(let error):
        if error.code == .cancelled { return .cancelled }
        return .fail(Self.transportFailure(error, for: request), results: results)
      }
    }
    return .complete(responses)
  }

  static func statusFailure(_ response: TransportResponse, for request: ScreenRequest) -> PipelineFailure {
    PipelineFailure(
      .network, stage: .fetch,
      "HTTP \(response.status) for \(request.request.method) \(request.request.relativeURL)")
  }

  static func transportFailure(_ error: TransportError, for request: ScreenRequest) -> PipelineFailure {
    PipelineFailure(
      .network, stage: .fetch,
      "\(request.request.method) \(request.request.relativeURL): \(error.code): \(error.message)")
  }
}
