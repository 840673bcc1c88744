import TableCore

/// A feed's screens as a running pipeline: intents in, presented snapshots out.
///
/// Stages are actors — fetch, decode, transform, present — and every step they take is an
/// event on ``bus``, in one global order. Intents are handled one at a time, each until its
/// snapshots are presented, so the output depends only on the feed, the transport's answers
/// and the intents, never on scheduling.
///
/// Two ways to drive it:
/// - ``run(_:onEvent:)`` runs a whole session (what the command line and golden tests use);
/// - ``send(_:)`` plus ``updates`` for an app: send intents as the user acts, and apply each
///   update's changeset to the table view.
///
/// ```swift
/// let pipeline = try Pipeline(feed: BooksFeed(), transport: HTTPTransport(baseURL: url))
/// pipeline.send(.load)
/// for try await update in pipeline.updates {
///   print(update.screen.name, update.version, update.snapshot.rowCount)
/// }
/// ```
public final class Pipeline: Sendable {
  /// Every event of the session. Subscribe before sending intents to see them all.
  public let bus: EventBus
  /// The root screen's name.
  public let rootScreenName: String

  private let coordinator: PipelineCoordinator
  private let failures: FailureReporter
  private let driver: Locked<Driver>

  private struct Driver {
    /// Subscribed at creation, handed to the first reader of ``updates`` so that it sees
    /// every update even when intents were sent before it subscribed; `run` drops it.
    var firstSubscription: BusSubscription?
    var continuation: AsyncStream<Intent>.Continuation?
    var task: Task<Void, Never>?
    var cancelled = false
  }

  /// Creates a pipeline for `feed`, sending its requests through `transport`.
  ///
  /// Nothing happens until the first intent (usually ``Intent/load``).
  /// - Throws: ``FeedError`` when the feed rejects its parameters.
  public init(
    feed: some Feed, transport: some Transport, options: PipelineOptions = PipelineOptions()
  )
    throws(FeedError)
  {
    let root = try feed.rootScreen(parameters: options.parameters)
    let bus = EventBus(capacity: options.busCapacity)
    driver = Locked(Driver(firstSubscription: bus.subscribe()))
    let jitter = ScheduleJitter(seed: options.effectiveSeed)
    let failures = FailureReporter(bus: bus)
    self.bus = bus
    self.failures = failures
    self.rootScreenName = root.name
    let home = StageHome()
    self.coordinator = PipelineCoordinator(
      home: home,
      fetch: FetchStage(home: home, transport: transport, bus: bus, failures: failures, jitter: jitter),
      decode: DecodeStage(home: home, bus: bus, failures: failures, jitter: jitter),
      transform: TransformStage(
        home: home, machine: TransformStateMachine(root: root, parameters: options.parameters), bus: bus,
        failures: failures, jitter: jitter),
      present: PresentStage(home: home, bus: bus, failures: failures, jitter: jitter),
      willHandle: options.willHandle)
  }

  deinit {
    driver.withLock { driver in
      driver.continuation?.finish()
      driver.task?.cancel()
    }
  }

  /// The most severe failure seen so far, if any: what a command-line tool exits with.
  public var worstFailure: PipelineFailure? { failures.worst }

  // MARK: Running a session

  /// Runs a whole session: handles each intent after the previous one's snapshots are
  /// presented, calling `onEvent` with every event in order on the caller's task, then
  /// finishes the bus.
  ///
  /// A pipeline runs one session: call this once, and not together with ``send(_:)``.
  /// Cancelling the calling task stops every stage and request in flight promptly; the
  /// outcome then says `wasCancelled`.
  /// - Returns: the worst failure seen and counts.
  public func run(
    _ intents: some Sequence<Intent> & Sendable, onEvent: (BusEvent) -> Void = { _ in }
  ) async -> SessionOutcome {
    let subscription = bus.subscribe()
    driver.withLock { $0.firstSubscription = nil }
    var presented = 0
    var events = 0
    let completed = await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        defer { self.bus.finish() }
        return await self.coordinator.handle(intents)
      }
      for await event in subscription {
        events += 1
        if case .presented = event.event { presented += 1 }
        onEvent(event)
      }
      return await group.next() ?? false
    }
    return SessionOutcome(
      worstFailure: failures.worst, presentedCount: presented, eventCount: events, wasCancelled: !completed)
  }

  // MARK: Driving it from an app

  /// Queues an intent; intents are handled in the order sent, each until presented.
  ///
  /// Sending after ``finish()`` or ``cancel()`` does nothing.
  public func send(_ intent: Intent) {
    driver.withLock { driver in
      guard !driver.cancelled else { return }
      if driver.continuation == nil { startDriver(&driver) }
      driver.continuation?.yield(intent)
    }
  }

  /// The presented updates, in order. See ``PipelineUpdates`` for buffering and cancellation.
  ///
  /// The first access sees every update since the pipeline was created, so intents may be sent
  /// before it; later accesses see the updates presented after them. An app that sends
  /// intents must read ``updates``: unread updates hold the stages back once `busCapacity`
  /// events are waiting (nothing is ever dropped).
  public var updates: PipelineUpdates {
    let first = driver.withLock { driver in
      defer { driver.firstSubscription = nil }
      return driver.firstSubscription
    }
    return PipelineUpdates(pipeline: self, subscription: first ?? bus.subscribe())
  }

  /// Only the newest presented update each time the consumer asks; older ones are skipped.
  ///
  /// For a consumer that redraws the whole table (`reloadData()`) and may fall behind: it never
  /// slows the pipeline. The changesets of skipped updates are lost, so do not animate with
  /// them. Ends and cancels like ``updates``. Reading it releases the subscription kept for the
  /// first reader of ``updates``.
  public var latestUpdates: PipelineUpdates {
    driver.withLock { $0.firstSubscription = nil }
    let subscription = bus.subscribeLatest { event in
      if case .presented = event { return true }
      return false
    }
    return PipelineUpdates(pipeline: self, subscription: subscription)
  }

  /// Ends the session once the queued intents are handled: ``updates`` then ends.
  public func finish() {
    let started = driver.withLock { driver in
      if driver.continuation == nil && !driver.cancelled { startDriver(&driver) }
      driver.continuation?.finish()
      return driver.task != nil
    }
    if !started { bus.finish() }
  }

  /// Stops every stage and request in flight and ends ``updates``.
  public func cancel() {
    let task = driver.withLock { driver in
      driver.cancelled = true
      driver.continuation?.finish()
      return driver.task
    }
    task?.cancel()
    bus.finish()
  }

  private func startDriver(_ driver: inout Driver) {
    let (intents, continuation) = AsyncStream<Intent>.makeStream()
    driver.continuation = continuation
    let bus = bus
    // Weak: a pipeline dropped without `finish()` ends its driver instead of living forever.
    driver.task = Task { [weak self] in
      defer { bus.finish() }
      for await intent in intents {
        guard let self, await self.handle(intent) else { return }
      }
    }
  }

  /// Handles one intent until its snapshots are presented; `false` when cancelled.
  func handle(_ intent: Intent) async -> Bool { await coordinator.handle(intent) }
}
