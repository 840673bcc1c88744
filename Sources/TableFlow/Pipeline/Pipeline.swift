import TableCore

/// A feed's screens as a running pipeline: intents in, presented snapshots out.
///
/// Four stage actors — fetch, decode, transform, present — each run on their own executor and
/// talk only over ``bus``: each subscribes to the events it consumes and publishes the ones it
/// produces, so decoding a page overlaps transforming, diffing, presenting and logging the
/// previous one. Intents never wait for the network: the transform stage applies each intent
/// to the current state as soon as it takes it from the bus, and each batch of answers when
/// it arrives (see ``PipelineEvent``). Logs and recordings follow the order in which the
/// transform stage applied things, so they do not depend on scheduling.
///
/// Two ways to drive it:
/// - ``run(_:onEvent:)`` runs a scripted session, each intent once the previous one has
///   settled (what the command line and golden tests use);
/// - ``send(_:)`` plus ``updates(for:buffering:)`` for an app: send intents as the user acts,
///   and apply each update of a screen to its table view (see ``PipelineUpdates``).
///
/// The pipeline lives until ``finish()`` or ``cancel()`` is called, or until the `Pipeline`
/// object goes away; a consumer that stops reading its updates ends only its own subscription.
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

  private let failures: FailureReporter
  private let stages: Task<Void, Never>
  /// The newest `settled` event, for the drivers that wait for the session to settle.
  private let settledEvents: BusSubscription
  private let replaysInOrder: Bool
  /// Records the bus from its own task; ``run(script:onEvent:)`` waits for it before each mark.
  private let recorder: SessionRecorder?
  let control: Locked<Control>

  struct Control {
    /// Subscribed at creation (reserved: it never holds the stages back), handed to the first
    /// reader of ``updates`` so that it sees every update even when intents were sent before
    /// it subscribed. Released by `run`, by the first subscription of any kind, by `cancel`,
    /// and by the bus once `busCapacity` events wait in it unclaimed.
    var firstSubscription: BusSubscription?
    /// The sequence number of the last intent sent.
    var lastSent: UInt64?
    /// The newest `settled(through:)` a driver has taken.
    var settledThrough: UInt64?
    /// Set by ``finish()`` and ``cancel()``: later intents are ignored.
    var isClosed = false
    var finishing: Task<Void, Never>?
  }

  /// Creates a pipeline for `feed`, sending its requests through `transport`, and starts its
  /// stages.
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
    let failures = FailureReporter()
    let shaker = options.effectiveSeed.map(ScheduleShaker.init)
    self.bus = bus
    self.failures = failures
    self.rootScreenName = root.name
    self.replaysInOrder = options.replayOrder != nil
    // Every subscription exists before the first event, so no stage misses one.
    let fetchBox = StageMailbox(bus: bus, stage: .fetch, shaker: shaker)
    let decodeBox = StageMailbox(bus: bus, stage: .decode, shaker: shaker)
    let transformBox = StageMailbox(bus: bus, stage: .transform, shaker: shaker)
    let presentBox = StageMailbox(bus: bus, stage: .present, shaker: shaker)
    let recording = options.recorder.map { ($0, bus.subscribe()) }
    recorder = options.recorder
    settledEvents = bus.subscribeLatest { event in
      if case .settled = event.payload { return true }
      return false
    }
    control = Locked(Control(firstSubscription: bus.subscribe(.reserved)))

    // A recording session sees each answer as it is recorded: its log is the replay's.
    let fetchTransport: any Transport =
      options.recorder.map { RecordedViewTransport(transport: transport, recorder: $0) } ?? transport
    let fetch = FetchStage(transport: fetchTransport, bus: bus, requestTimeout: options.requestTimeout)
    let decode = DecodeStage(bus: bus)
    let transform = TransformStage(
      machine: TransformStateMachine(root: root, parameters: options.parameters),
      order: ApplyOrder(steps: options.replaySteps ?? options.replayOrder.map(ReplaySteps.init)), bus: bus,
      failures: failures)
    let present = PresentStage(bus: bus, failures: failures)
    stages = Task {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await fetch.run(fetchBox) }
        group.addTask { await decode.run(decodeBox) }
        group.addTask { await transform.run(transformBox) }
        group.addTask { await present.run(presentBox) }
        if let (recorder, subscription) = recording {
          // Not a child task: cancelling the stages must not cut the recording short. It drains
          // what the bus already holds (a killed session's `.partial` keeps every intent that
          // was handled) and ends when the bus finishes.
          let writer = Task { await recorder.record(subscription) }
          group.addTask { await writer.value }
        }
      }
    }
  }

  /// Ends the pipeline as ``cancel()`` does: every subscription ends.
  deinit {
    stages.cancel()
    bus.finish()
  }

  /// The most severe failure seen so far, if any: what a command-line tool exits with.
  public var worstFailure: PipelineFailure? { failures.worst }

  // MARK: Running a session

  /// Runs a scripted session: sends each intent once the previous one has settled (nothing in
  /// flight, everything presented), calling `onEvent` with every event on the caller's task
  /// and actor, then finishes the bus and waits for the stages to stop.
  ///
  /// `onEvent` sees the events in applied order, what a log needs: each intent or batch of
  /// answers the transform stage applied, with everything it caused, then its presentations,
  /// then the next one. (The transform stage goes on with the next input while the present
  /// stage presents the last one, so on ``bus`` the `presented` events may come later;
  /// sequence numbers then do not always count up in `onEvent`.)
  ///
  /// `nonisolated(nonsending)`: the call runs on the caller's actor, so `onEvent` need not be
  /// `Sendable` and may touch that actor's state: a `@MainActor` caller (a view controller)
  /// passes a closure that updates its views. The stages run on their own executors either way.
  ///
  /// With ``PipelineOptions/replayOrder`` every intent is sent at once and the pipeline applies
  /// them, with their answers, in the recorded order. A pipeline runs one session: call this
  /// once, and not together with ``send(_:)``. Cancelling the calling task stops every stage
  /// and request in flight promptly; the outcome then says `wasCancelled`.
  /// - Returns: the worst failure seen and counts.
  nonisolated(nonsending) public func run(
    _ intents: some Sequence<Intent> & Sendable, onEvent: (BusEvent) -> Void = { _ in }
  ) async -> SessionOutcome {
    await run(script: intents.map { ScriptedIntent($0) }, onEvent: onEvent)
  }

  /// Runs a scripted session like ``run(_:onEvent:)``, except that after a line that
  /// ``ScriptedIntent/sendsNextAtOnce`` the next intent is sent without waiting for it to
  /// settle, as a user acting while a page loads. The session ends once the last intent has
  /// settled. Runs on the caller's actor, as ``run(_:onEvent:)`` does.
  nonisolated(nonsending) public func run(
    script: [ScriptedIntent], onEvent: (BusEvent) -> Void = { _ in }
  ) async -> SessionOutcome {
    await run(.intents(script), onEvent: onEvent)
  }

  /// Runs the session `script` drives, as ``run(script:onEvent:)`` does.
  nonisolated(nonsending) func run(
    _ script: SessionScript, onEvent: (BusEvent) -> Void = { _ in }
  ) async -> SessionOutcome {
    let subscription = bus.subscribe()
    control.withLock { $0.firstSubscription = nil }
    var presented = 0
    var events = 0
    // No closure around the loop: a closure passed to withTaskGroup or
    // withTaskCancellationHandler would run off the caller's actor (their operations are not
    // nonisolated(nonsending)), and with it `onEvent`. `async let` keeps the driver a child
    // task, cancelled with the caller's.
    async let completed = drive(script)
    var sequencer = EventSequencer()
    var ready: [BusEvent] = []
    for await event in subscription {
      sequencer.take(event) { ready.append($0) }
      for event in ready {
        // A log line is never ahead of the recording: the recorder has written the mark.
        if let recorder, event.event.isMark { await recorder.waitUntilRecorded(through: event.sequence) }
        events += 1
        if case .presented = event.event.payload { presented += 1 }
        onEvent(event)
      }
      ready.removeAll(keepingCapacity: true)
    }
    sequencer.finish { ready.append($0) }
    for event in ready {
      events += 1
      if case .presented = event.event.payload { presented += 1 }
      onEvent(event)
    }
    // The subscription ends early only when the calling task is cancelled: stop every stage.
    if Task.isCancelled { cancel() }
    let wasCompleted = await completed
    return SessionOutcome(
      worstFailure: failures.worst, presentedCount: presented, eventCount: events, wasCancelled: !wasCompleted
    )
  }

  /// Sends the script's intents, each once the previous one has settled unless it says
  /// otherwise; `false` when cancelled before the end.
  private func drive(_ script: SessionScript) async -> Bool {
    switch script {
    case .intents(let intents): await drive(intents)
    case .fixture(let fixture): await drive(replaying: fixture)
    }
    let last = control.withLock { $0.lastSent }
    let settled = await last.asyncMap { await waitUntilSettled(through: $0) } ?? true
    let wasCancelled = control.withLock { $0.isClosed }
    await stop()
    return settled && !wasCancelled && !Task.isCancelled
  }

  private func drive(_ script: [ScriptedIntent]) async {
    for (index, line) in script.enumerated() {
      guard let sequence = post(line.intent) else { return }
      let waits = !replaysInOrder && !line.sendsNextAtOnce && index < script.count - 1
      if waits, !(await waitUntilSettled(through: sequence)) { return }
    }
  }

  /// Sends a fixture's intents as they are read: while its intents come before its requests,
  /// each once the previous one has settled; once they are interleaved, each as it is read
  /// (the recorded order then decides when it is applied), reading on whenever the session has
  /// settled.
  private func drive(replaying fixture: ReplayTransport) async {
    await fixture.attach { [weak self] intent in _ = self?.post(intent) }
    scripted: while true {
      switch await fixture.nextScriptedIntent() {
      case .intent(let intent):
        guard let sequence = post(intent), await waitUntilSettled(through: sequence) else { return }
      case .interleaved:
        break scripted
      case .end:
        return
      }
    }
    repeat {
      let last = control.withLock { $0.lastSent }
      if let last, !(await waitUntilSettled(through: last)) { return }
    } while await fixture.readNextIntent()
  }

  // MARK: Driving it from an app

  /// Sends an intent: the transform stage applies it to the current screen as soon as it
  /// takes it from the bus, without waiting for requests in flight.
  ///
  /// Never suspends. Sending after ``finish()`` or ``cancel()`` does nothing.
  public func send(_ intent: Intent) {
    control.withLock { control in
      guard !control.isClosed else { return }
      control.lastSent = bus.post(.intentSent(intent))
    }
  }

  /// Ends the session once every intent sent so far has settled (nothing in flight, everything
  /// presented): every subscription then ends. Later intents are ignored, and a subscription
  /// made after this call ends at once (except the first reader of ``updates``, which still
  /// gets the updates kept for it).
  public func finish() {
    control.withLock { control in
      guard !control.isClosed else { return }
      control.isClosed = true
      let last = control.lastSent
      control.finishing = Task {
        if let last { _ = await self.waitUntilSettled(through: last) }
        await self.stop()
      }
    }
  }

  /// Stops every stage and request in flight at once and ends every subscription; a
  /// subscription made after this call ends at once.
  public func cancel() {
    let first = control.withLock { control in
      control.isClosed = true
      defer { control.firstSubscription = nil }
      return control.firstSubscription
    }
    first?.cancel()
    stages.cancel()
    bus.finish()
  }

  // MARK: Internals

  /// Posts an intent unless the pipeline was closed; its sequence number.
  private func post(_ intent: Intent) -> UInt64? {
    control.withLock { control in
      guard !control.isClosed else { return nil }
      let sequence = bus.post(.intentSent(intent))
      control.lastSent = sequence
      return sequence
    }
  }

  /// Waits until the transform stage has settled after event `sequence`; `false` when the
  /// bus finished first.
  private func waitUntilSettled(through sequence: UInt64) async -> Bool {
    while true {
      if let through = control.withLock({ $0.settledThrough }), through >= sequence { return true }
      guard let batch = await settledEvents.nextBatch() else { return false }
      for event in batch {
        guard case .settled(let through) = event.event.payload else { continue }
        control.withLock { $0.settledThrough = max($0.settledThrough ?? 0, through) }
      }
    }
  }

  /// Finishes the bus and waits for every stage to stop.
  private func stop() async {
    bus.finish()
    await stages.value
  }
}

extension Optional {
  fileprivate func asyncMap<Result>(_ transform: (Wrapped) async -> Result) async -> Result? {
    guard let self else { return nil }
    return await transform(self)
  }
}
