/// One subscriber's view of an ``EventBus``: an `AsyncSequence` of ``BusEvent``s.
///
/// Iterate it once. Events arrive in the bus's global order, taken in batches internally so
/// each element costs little. The sequence ends when the bus finishes, when ``cancel()`` is
/// called, or when the iterating task is cancelled; dropping the subscription unsubscribes.
public final class BusSubscription: AsyncSequence, Sendable {
  /// The events, one at a time.
  public typealias Element = BusEvent
  /// Iteration never throws; cancellation ends it.
  public typealias Failure = Never

  private let bus: EventBus
  private let id: Int

  init(bus: EventBus, id: Int) {
    self.bus = bus
    self.id = id
  }

  deinit { bus.cancel(id) }

  /// Ends the subscription: a waiting iteration ends, and publishers stop waiting for it.
  public func cancel() { bus.cancel(id) }

  /// Makes a reserved subscription lossless; `false` when it is gone.
  func claim() -> Bool { bus.claim(id) }

  /// The next batch of events in order, or `nil` when the subscription has ended.
  ///
  /// A lossless subscription gets every event not yet taken; a latest-only one the newest
  /// match. Suspends while there is none. Cancelling the calling task ends the subscription.
  nonisolated(nonsending) public func nextBatch() async -> [BusEvent]? {
    await bus.nextBatch(id)
  }

  /// Makes the iterator.
  public func makeAsyncIterator() -> Iterator { Iterator(subscription: self) }

  /// Iterates a subscription's events one at a time.
  public struct Iterator: AsyncIteratorProtocol {
    private let subscription: BusSubscription
    private var batch: [BusEvent] = []
    private var index = 0

    init(subscription: BusSubscription) { self.subscription = subscription }

    /// The next event, or `nil` when the subscription has ended.
    nonisolated(nonsending) public mutating func next() async -> BusEvent? {
      if index < batch.count {
        defer { index += 1 }
        return batch[index]
      }
      // The events handed out are not held while waiting for more: a batch's last `presented`
      // update (two whole tables) would otherwise stay alive until the next batch comes.
      batch = []
      guard let next = await subscription.nextBatch(), !next.isEmpty else { return nil }
      batch = next
      index = 1
      return next[0]
    }
  }
}
