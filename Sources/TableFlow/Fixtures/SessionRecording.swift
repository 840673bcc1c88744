/// Writes a pipeline's session into a ``SessionRecorder`` from the bus, in the order the
/// transform stage applied it: each intent at its `intentReceived` (or `intentIgnored`), each
/// batch's requests at `requestStarted`, and its answers — responses, and transport errors as
/// error records — at `responsesApplied`. A cancelled batch keeps its requests without answers.
struct SessionRecording: Sendable {
  let recorder: SessionRecorder

  /// Records every event of `subscription` until it ends.
  func run(_ subscription: BusSubscription) async {
    var requestSeqs: [Int: [Int?]] = [:]
    for await event in subscription {
      switch event.event {
      case .intentReceived(let intent, _), .intentIgnored(let intent, _, _):
        await recorder.record(intent: intent.description)
      case .requestStarted(let batch):
        var seqs: [Int?] = []
        for request in batch.requests { seqs.append(await recorder.record(request: request)) }
        requestSeqs[batch.id] = seqs
      case .requestCancelled(let batch, _):
        requestSeqs[batch.id] = nil
      case .responsesApplied(let fetched):
        let seqs = requestSeqs.removeValue(forKey: fetched.batch.id) ?? []
        for (index, result) in fetched.results.enumerated() {
          let seq = index < seqs.count ? seqs[index] : nil
          switch result {
          case .success(let response): await recorder.record(response: response, toRequest: seq)
          case .failure(let error): await recorder.record(failure: error, toRequest: seq)
          }
        }
      default:
        break
      }
    }
  }
}
