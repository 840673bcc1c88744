/// Publishes failures and remembers the worst one seen.
final class FailureReporter: Sendable {
  private let bus: EventBus
  private let worstSeen = Locked<PipelineFailure?>(nil)

  init(bus: EventBus) { self.bus = bus }

  /// The most severe failure so far (the first of the highest category).
  var worst: PipelineFailure? { worstSeen.withLock { $0 } }

  nonisolated(nonsending) func report(_ failure: PipelineFailure, screen: ScreenRef?) async {
    await bus.publish(record(failure, screen: screen))
  }

  /// Remembers a failure and returns its event, for a stage that publishes a batch.
  func record(_ failure: PipelineFailure, screen: ScreenRef?) -> PipelineEvent {
    worstSeen.withLock { worst in
      if worst.map({ failure.category > $0.category }) ?? true { worst = failure }
    }
    return .failed(failure, screen: screen)
  }
}
