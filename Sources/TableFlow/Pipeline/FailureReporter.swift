/// Remembers the worst failure seen; the stages publish the `failed` events it makes.
final class FailureReporter: Sendable {
  private let worstSeen = Locked<PipelineFailure?>(nil)

  /// The most severe failure so far (the first of the highest category).
  var worst: PipelineFailure? { worstSeen.withLock { $0 } }

  /// Remembers a failure and returns its event, for a stage that publishes a batch.
  func record(_ failure: PipelineFailure, screen: ScreenRef?) -> PipelineEvent {
    worstSeen.withLock { worst in
      if worst.map({ failure.category > $0.category }) ?? true { worst = failure }
    }
    return .failed(failure, screen: screen)
  }
}
