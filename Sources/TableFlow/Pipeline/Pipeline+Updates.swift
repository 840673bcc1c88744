/// Subscribing to the presented updates.
extension Pipeline {
  /// The root screen: instance 1, at depth 0. Pass it to ``updates(for:buffering:)``.
  public var rootScreen: ScreenRef { ScreenRef(instance: 1, name: rootScreenName, depth: 0) }

  /// Every screen's presented updates, in order and losslessly: the same as
  /// ``updates(buffering:)`` with ``UpdateBuffering/lossless``.
  ///
  /// The first subscription made on a pipeline, if it is this one, sees every update since
  /// the pipeline was created, so intents may be sent before it (even ``finish()``). The
  /// updates kept for it never hold the stages back; they are released when ``run(_:onEvent:)``
  /// starts, when another subscription is made first, on ``cancel()``, or once `busCapacity`
  /// events wait in them unread; the first reader then sees the updates from its own access.
  /// Later accesses see the updates presented after them.
  public var updates: PipelineUpdates { updates(buffering: .lossless) }

  /// Every screen's presented updates, buffered as `buffering` says.
  ///
  /// A ``UpdateBuffering/conflating`` subscription starts with each live screen's current
  /// update (its changeset from an empty table), then follows. See ``updates`` for the first
  /// lossless reader, and ``PipelineUpdates`` for ending and cancellation. After ``finish()``
  /// or ``cancel()`` the subscription ends at once.
  public func updates(buffering: UpdateBuffering) -> PipelineUpdates {
    let (first, isClosed) = control.withLock { control in
      defer { control.firstSubscription = nil }
      return (control.firstSubscription, control.isClosed)
    }
    if buffering == .lossless, let first, first.claim() {
      return PipelineUpdates(first, following: nil, rebases: false)
    }
    first?.cancel()
    guard !isClosed else { return PipelineUpdates(nil, following: nil, rebases: false) }
    switch buffering.kind {
    case .lossless:
      return PipelineUpdates(bus.subscribe(.lossless), following: nil, rebases: false)
    case .conflating:
      let rule = Self.conflation(following: nil)
      return PipelineUpdates(bus.subscribe(.conflating(rule), seed: rule), following: nil, rebases: true)
    }
  }

  /// One screen instance's presented updates, buffered as `buffering` says: what a view
  /// controller showing that screen reads.
  ///
  /// The subscription starts with the screen's current update, if it has been presented (its
  /// changeset from an empty table), then follows; each update it yields applies to the one
  /// before. It ends after the screen is popped (a `back` from it), when the pipeline ends, or
  /// at once when it is made for a screen already popped or after ``finish()`` or
  /// ``cancel()``. Cancelling the iterating task ends this subscription only.
  ///
  /// ```swift
  /// for try await update in pipeline.updates(for: pipeline.rootScreen) {
  ///   try updater.apply(update)
  /// }
  /// ```
  public func updates(
    for screen: ScreenRef, buffering: UpdateBuffering = .conflating
  ) -> PipelineUpdates {
    let (first, isClosed) = control.withLock { control in
      defer { control.firstSubscription = nil }
      return (control.firstSubscription, control.isClosed)
    }
    first?.cancel()
    guard !isClosed else { return PipelineUpdates(nil, following: screen, rebases: true) }
    let rule = Self.conflation(following: screen)
    let mode: EventBus.Machine.Mode = buffering == .lossless ? .lossless : .conflating(rule)
    let subscription = bus.subscribe(mode, seed: rule, unlessForgotten: screen.instance)
    return PipelineUpdates(subscription, following: screen, rebases: true)
  }

  /// Only the newest presented updates when the consumer asks.
  ///
  /// Now the same as ``updates(buffering:)`` with ``UpdateBuffering/conflating``, whose
  /// changesets apply to what the consumer last received (this property used to lose them).
  @available(*, deprecated, message: "use updates(buffering: .conflating)")
  public var latestUpdates: PipelineUpdates { updates(buffering: .conflating) }

  /// Which presented updates a conflating subscription keeps: every update of `screen` (every
  /// screen when `nil`), the newest per screen instance only unless it carries a navigation,
  /// and, for one screen, the update that reveals another after it is popped (its end).
  static func conflation(following screen: ScreenRef?) -> (BusEvent) -> Conflation {
    { event in
      guard case .presented(let update) = event.event.payload else { return .ignore }
      if let screen {
        if case .popped(let popped, _) = update.navigation?.change, popped.instance == screen.instance {
          return .keep
        }
        guard update.screen.instance == screen.instance else { return .ignore }
      }
      return update.navigation == nil ? .newest(key: update.screen.instance) : .keep
    }
  }
}
