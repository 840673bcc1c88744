/// Publishes failures and remembers the worst one seen.
final class FailureReporter: Sendable {
  private let bus: EventBus
  private let worstSeen = Locked<PipelineFailure?>(nil)

  init(bus: EventBus) { self.bus = bus }

  /// The most severe failure so far (the first of the highest category).
  var worst: PipelineFailure? { worstSeen.withLock { $0 } }

  func report(_ failure: PipelineFailure, screen: ScreenRef?) async {
    worstSeen.withLock { worst in
      if worst.map({ failure.category > $0.category }) ?? true { worst = failure }
    }
    await bus.publish(.failed(failure, screen: screen))
  }
}
