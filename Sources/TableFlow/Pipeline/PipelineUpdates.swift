/// The presented updates of a ``Pipeline``: an `AsyncSequence` for `for try await`.
///
/// Buffering: a lossless subscription to the pipeline's bus; when the consumer falls
/// `busCapacity` events behind, the stages wait for it (nothing is dropped). The sequence
/// ends when the pipeline finishes. Cancelling the consuming task cancels the pipeline — every
/// stage and request in flight stops — and the iteration throws `CancellationError`.
public struct PipelineUpdates: AsyncSequence, Sendable {
  /// Presented updates.
  public typealias Element = PresentedUpdate

  let pipeline: Pipeline
  let subscription: BusSubscription

  /// Makes the iterator.
  public func makeAsyncIterator() -> Iterator {
    Iterator(pipeline: pipeline, events: subscription.makeAsyncIterator())
  }

  /// Iterates presented updates.
  public struct Iterator: AsyncIteratorProtocol {
    let pipeline: Pipeline
    var events: BusSubscription.Iterator

    /// The next update, `nil` at the end.
    /// - Throws: `CancellationError` when the consuming task is cancelled.
    public mutating func next() async throws -> PresentedUpdate? {
      while let event = await events.next() {
        if case .presented(let update) = event.event { return update }
      }
      if Task.isCancelled {
        pipeline.cancel()
        throw CancellationError()
      }
      return nil
    }
  }
}
