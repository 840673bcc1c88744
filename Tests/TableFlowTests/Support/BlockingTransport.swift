import TableFlow

/// A transport whose requests never answer: each waits until its task is cancelled, then
/// throws `.cancelled`. Reports each start on `started`, and counts cancellations.
final class BlockingTransport: Transport {
  let started: AsyncStream<Void>
  private let startedContinuation: AsyncStream<Void>.Continuation
  private let cancellations = Locked<Int>(0)

  init() {
    (started, startedContinuation) = AsyncStream<Void>.makeStream()
  }

  /// The number of requests that ended by cancellation.
  var cancelledCount: Int { cancellations.withLock { $0 } }

  func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    let (never, keepOpen) = AsyncStream<Void>.makeStream()
    startedContinuation.yield()
    // An AsyncStream's iteration ends when the iterating task is cancelled.
    for await _ in never {}
    withExtendedLifetime(keepOpen) {}
    cancellations.withLock { $0 += 1 }
    throw TransportError(.cancelled, "the request was cancelled")
  }
}
