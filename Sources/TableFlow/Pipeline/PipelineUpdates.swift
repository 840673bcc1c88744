/// The presented updates of a ``Pipeline``, as one subscription: an `AsyncSequence` for
/// `for try await`.
///
/// Made by ``Pipeline/updates``, ``Pipeline/updates(buffering:)`` and
/// ``Pipeline/updates(for:buffering:)``; the subscription exists from that call on, so the
/// updates of intents sent after it are never missed.
///
/// - Buffering: as the subscription's ``UpdateBuffering`` says. A lossless one holds the stages
///   back once its reader is `busCapacity` events behind; a conflating one never does.
/// - Iterate it once: its iterator takes the subscription over, and a second iterator yields
///   nothing. Dropping the iterator, or the sequence before it made one, ends the subscription
///   at once: its buffer is released and no stage waits for it again.
/// - It ends when the pipeline ends (``Pipeline/finish()``, ``Pipeline/cancel()``, or the
///   `Pipeline` object going away), or, for one screen, after that screen is popped.
/// - Cancelling the iterating task ends this subscription only, never the pipeline; the
///   iteration then throws `CancellationError`.
public struct PipelineUpdates: AsyncSequence, Sendable {
  /// Presented updates.
  public typealias Element = PresentedUpdate

  private let handoff: Handoff
  private let screen: ScreenRef?
  private let rebases: Bool

  /// A subscription's updates; `nil` for one that ended before it began (made after the
  /// pipeline ended, or for a screen already popped).
  init(_ subscription: BusSubscription?, following screen: ScreenRef?, rebases: Bool) {
    self.handoff = Handoff(subscription)
    self.screen = screen
    self.rebases = rebases
  }

  /// Makes the iterator, which takes the subscription over (see the type's discussion).
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      subscription: handoff.take(), received: ReceivedScreens(following: screen, rebases: rebases))
  }

  /// Iterates presented updates.
  public struct Iterator: AsyncIteratorProtocol {
    private var subscription: BusSubscription?
    private var received: ReceivedScreens
    private var batch: [BusEvent] = []
    private var index = 0

    init(subscription: BusSubscription?, received: ReceivedScreens) {
      self.subscription = subscription
      self.received = received
    }

    /// The next update, `nil` at the end.
    /// - Throws: `CancellationError` when the iterating task is cancelled; the subscription
    ///   has then ended (the pipeline goes on).
    nonisolated(nonsending) public mutating func next() async throws -> PresentedUpdate? {
      if Task.isCancelled, subscription != nil {
        end()
        throw CancellationError()
      }
      while let subscription {
        while index < batch.count {
          let event = batch[index]
          index += 1
          switch received.receive(event.event) {
          case .skip: continue
          case .yield(let update): return update
          case .end:
            end()
            return nil
          }
        }
        // What was handed out is not held while waiting (an update holds two whole tables).
        batch = []
        index = 0
        guard let next = await subscription.nextBatch() else {
          end()
          if Task.isCancelled { throw CancellationError() }
          return nil
        }
        batch = next
        index = 0
      }
      return nil
    }

    /// Ends the subscription and releases what it holds.
    private mutating func end() {
      subscription?.cancel()
      subscription = nil
      batch = []
    }
  }

  /// Holds the subscription until the first iterator takes it, so that dropping the iterator
  /// unsubscribes even while the sequence value lives on.
  private final class Handoff: Sendable {
    private let subscription: Locked<BusSubscription?>

    init(_ subscription: BusSubscription?) { self.subscription = Locked(subscription) }

    func take() -> BusSubscription? {
      subscription.withLock { subscription in
        defer { subscription = nil }
        return subscription
      }
    }
  }
}
