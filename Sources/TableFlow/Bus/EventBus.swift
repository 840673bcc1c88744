/// The pipeline's spine: an ordered, lossless fan-out of ``PipelineEvent``s.
///
/// - Order: each published event gets the next sequence number (0, 1, 2, … with no gaps) and
///   every subscriber sees events in that one global order.
/// - Buffering and back-pressure: events live once in a shared buffer; each subscriber keeps
///   a cursor into it. When the slowest lossless subscriber is `capacity` events behind, a
///   publisher's `publish` suspends (after its event is in, so an event is never lost) until
///   that subscriber has caught up to half the capacity. Nothing is ever dropped silently.
///   The buffer holds at most `capacity` events plus one per concurrently waiting publisher.
/// - Delivery: a subscriber takes every event it has not seen in one batch (one lock, one
///   copy), so the cost per event stays far below one `AsyncStream` element per subscriber.
/// - Latest-only: a subscriber made with ``subscribeLatest(matching:)`` receives only the
///   newest matching event when it asks, and never slows publishers.
/// - Current updates: the bus remembers each live screen instance's newest `presented`
///   update (forgotten when the screen is popped), so that a subscription to one screen, or a
///   conflating one, starts from what the screen shows.
/// - Subscribing, unsubscribing and cancelling are safe at any time from any task. A new
///   subscriber sees the events published after ``subscribe()`` returns; with no subscriber,
///   published events reach nobody (subscribe before you start the work you want to watch).
/// - ``finish()`` ends the bus: subscribers take what is left, then their sequences end.
public final class EventBus: Sendable {
  typealias Machine = BusStateMachine<
    BusEvent, UnsafeContinuation<[BusEvent]?, Never>, UnsafeContinuation<Void, Never>
  >

  // Continuations stored in the machine are resumed exactly once: the machine hands each one
  // out in exactly one action (delivery, cancellation or finish) and forgets it there.
  private let machine: Locked<Machine>
  private let publisherIDs = Locked<Int>(0)

  /// The number of events a lossless subscriber may fall behind before publishers wait.
  public let capacity: Int

  /// Creates a bus.
  ///
  /// - Parameter capacity: how far (in events) the slowest lossless subscriber may lag before
  ///   publishers suspend; at least 1. The default suits pipelines and benchmarks alike.
  public init(capacity: Int = 4096) {
    let capacity = Swift.max(1, capacity)
    self.capacity = capacity
    self.machine = Locked(Machine(capacity: capacity, remembering: Self.remembering))
  }

  /// Each screen instance's newest `presented` update is remembered; a `back` forgets the
  /// popped screen.
  private static func remembering(_ event: BusEvent) -> Machine.Remembering {
    guard case .presented(let update) = event.event.payload else { return .none }
    if case .popped(let popped, _) = update.navigation?.change {
      return .newest(key: update.screen.instance, forgetting: popped.instance)
    }
    return .newest(key: update.screen.instance, forgetting: nil)
  }

  /// Publishes one event and returns its sequence number.
  ///
  /// Suspends while the slowest lossless subscriber is `capacity` events behind. The event is
  /// in the bus before the call suspends: cancelling the publishing task ends the wait early
  /// but never loses the event. Publishing after ``finish()`` does nothing.
  @discardableResult
  nonisolated(nonsending) public func publish(_ event: PipelineEvent) async -> UInt64 {
    let action = machine.withLock { $0.publish { BusEvent(sequence: $0, event: event) } }
    for (waiter, batch) in action.deliveries { waiter.resume(returning: batch) }
    if action.mustWait { await waitForRoom() }
    return action.sequence
  }

  /// Appends an event without waiting for room and returns its sequence number: for
  /// ``Pipeline/send(_:)``, which must not suspend. Back-pressure then applies to the stages
  /// that handle the event.
  @discardableResult
  func post(_ event: PipelineEvent) -> UInt64 {
    let action = machine.withLock { $0.publish { BusEvent(sequence: $0, event: event) } }
    for (waiter, batch) in action.deliveries { waiter.resume(returning: batch) }
    return action.sequence
  }

  /// Publishes events in order, consecutively numbered, under one lock: a waiting subscriber
  /// is woken once for the whole batch. Back-pressure as for ``publish(_:)``, once per batch.
  nonisolated(nonsending) public func publish(contentsOf events: [PipelineEvent]) async {
    guard !events.isEmpty else { return }
    var deliveries: [(UnsafeContinuation<[BusEvent]?, Never>, [BusEvent])] = []
    var mustWait = false
    machine.withLock { machine in
      for event in events {
        let action = machine.publish { BusEvent(sequence: $0, event: event) }
        deliveries.append(contentsOf: action.deliveries)
        mustWait = mustWait || action.mustWait
      }
    }
    for (waiter, batch) in deliveries { waiter.resume(returning: batch) }
    if mustWait { await waitForRoom() }
  }

  /// Subscribes to every event published from now on, losslessly.
  ///
  /// The subscriber's pace limits publishers (see the type's discussion). Iterate the
  /// returned subscription once; dropping it or cancelling the iterating task unsubscribes.
  public func subscribe() -> BusSubscription {
    let id = machine.withLock { $0.subscribe(.lossless) }
    return BusSubscription(bus: self, id: id)
  }

  /// Subscribes to every event matching `consumes`, losslessly and without holding publishers
  /// back: for a stage of the pipeline, which publishes as well as consumes, and is woken only
  /// for the events it consumes.
  func subscribeUnthrottled(
    consuming consumes: @escaping @Sendable (PipelineEvent) -> Bool
  ) -> BusSubscription {
    let id = machine.withLock { $0.subscribe(.unthrottled { consumes($0.event) }) }
    return BusSubscription(bus: self, id: id)
  }

  /// Subscribes to the newest event matching `predicate` only.
  ///
  /// Each time the subscriber asks, it gets the newest matching event published since it last
  /// asked (older ones are skipped) or waits for one. It never slows publishers. The predicate
  /// runs under the bus's lock for every event: keep it cheap.
  public func subscribeLatest(
    matching predicate: @escaping @Sendable (PipelineEvent) -> Bool
  ) -> BusSubscription {
    let id = machine.withLock {
      $0.subscribe(.conflating { predicate($0.event) ? .newest(key: 0) : .ignore })
    }
    return BusSubscription(bus: self, id: id)
  }

  /// Subscribes in `mode`, first taking the remembered current updates that `seed` keeps;
  /// `nil`, without subscribing, when the screen instance `unlessForgotten` was popped already.
  func subscribe(
    _ mode: Machine.Mode, seed: ((BusEvent) -> Conflation)? = nil, unlessForgotten instance: Int? = nil
  ) -> BusSubscription? {
    let id: Int? = machine.withLock { machine in
      if let instance, machine.hasForgotten(instance) { return nil }
      return machine.subscribe(mode, seed: seed)
    }
    return id.map { BusSubscription(bus: self, id: $0) }
  }

  /// Makes a reserved subscription lossless; `false` when it is gone (see
  /// ``BusStateMachine/claim(_:)``).
  func claim(_ id: Int) -> Bool { machine.withLock { $0.claim(id) } }

  /// The events the bus holds for its subscribers: the shared buffer plus the conflating
  /// subscribers' queues.
  var bufferedCount: Int { machine.withLock { $0.bufferedCount } }

  /// The number of live screen instances whose current update the bus remembers.
  var rememberedCount: Int { machine.withLock { $0.rememberedCount } }

  /// Ends the bus: later publishes are ignored, waiting publishers resume, and subscribers end
  /// after taking the events still buffered for them.
  public func finish() {
    let (subscribers, publishers) = machine.withLock { $0.finish() }
    for waiter in subscribers { waiter.resume(returning: nil) }
    for waiter in publishers { waiter.resume() }
  }

  /// The sequence number the next event will get: the number of events published so far.
  public var publishedCount: UInt64 { machine.withLock { $0.nextSequence } }

  /// The number of live subscribers.
  public var subscriberCount: Int { machine.withLock { $0.subscriberCount } }

  // MARK: For subscriptions

  nonisolated(nonsending) func nextBatch(_ id: Int) async -> [BusEvent]? {
    if Task.isCancelled {
      cancel(id)
      return nil
    }
    switch machine.withLock({ $0.next(id) }) {
    case .deliver(let batch, let publishers):
      for waiter in publishers { waiter.resume() }
      return batch
    case .end:
      return nil
    case .wait:
      break
    }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<[BusEvent]?, Never>) in
        let immediate = machine.withLock { $0.wait(id, continuation) }
        switch immediate {
        case nil:
          break
        case .deliver(let batch, let publishers):
          for waiter in publishers { waiter.resume() }
          continuation.resume(returning: batch)
        case .end, .wait:
          continuation.resume(returning: nil)
        }
      }
    } onCancel: {
      cancel(id)
    }
  }

  func cancel(_ id: Int) {
    let (waiter, publishers) = machine.withLock { $0.cancel(id) }
    waiter?.resume(returning: nil)
    for publisher in publishers { publisher.resume() }
  }

  private nonisolated(nonsending) func waitForRoom() async {
    let id = publisherIDs.withLock { last in
      last += 1
      return last
    }
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        if machine.withLock({ $0.waitForRoom(id, continuation) }) { continuation.resume() }
      }
    } onCancel: {
      machine.withLock { $0.cancelPublisher(id) }?.resume()
    }
  }
}
