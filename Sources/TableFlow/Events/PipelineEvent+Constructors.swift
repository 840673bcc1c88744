import TableCore

// Each kind of event, made by the stage that publishes it (and by tests that feed a stage).
extension PipelineEvent {
  /// An intent was sent (``Pipeline/send(_:)``); the transform stage takes it from here.
  public static func intentSent(_ intent: Intent) -> PipelineEvent { .init(.intentSent(intent)) }

  /// The transform stage applied an intent to a screen (logs print `> intent` here).
  public static func intentReceived(_ intent: Intent, screen: ScreenRef) -> PipelineEvent {
    .init(.intentReceived(intent, screen: screen))
  }

  /// The transform stage took an intent and ignored it by rule, for the reason given (a second
  /// load-more for a section already loading).
  public static func intentIgnored(_ intent: Intent, screen: ScreenRef, reason: String) -> PipelineEvent {
    .init(.intentIgnored(intent, screen: screen, reason: reason))
  }

  /// The transform stage asked for a batch of requests; the fetch stage sends them.
  public static func requestStarted(_ batch: RequestBatch) -> PipelineEvent { .init(.requestStarted(batch)) }

  /// The transform stage gave up a batch in flight (its screen was popped, or a refresh
  /// superseded it); the fetch stage cancels its requests and any late answer is dropped.
  public static func requestCancelled(_ batch: RequestBatch, reason: String) -> PipelineEvent {
    .init(.requestCancelled(batch, reason: reason))
  }

  /// Every request of a batch was answered or failed; the fetch stage's outcome, in request
  /// order whatever order the answers arrived in.
  public static func responseReceived(_ batch: FetchedBatch) -> PipelineEvent {
    .init(.responseReceived(batch))
  }

  /// The decode stage decoded a batch's bodies into the screen's model, or failed to.
  public static func decoded(_ batch: DecodedBatch) -> PipelineEvent { .init(.decoded(batch)) }

  /// The transform stage applied a batch's answers (or its failure) to its screen: logs print
  /// the responses here, and recordings write them here.
  public static func responsesApplied(_ batch: FetchedBatch) -> PipelineEvent {
    .init(.responsesApplied(batch))
  }

  /// The transform built a snapshot and the changeset from the screen's previous one.
  public static func snapshotBuilt(_ built: BuiltSnapshot) -> PipelineEvent { .init(.snapshotBuilt(built)) }

  /// The headless table applied a snapshot: what a table view shows.
  public static func presented(_ update: PresentedUpdate) -> PipelineEvent { .init(.presented(update)) }

  /// The cells of a presented update that appeared or were updated in place (seed B's adapter
  /// events: `willDisplay`, `didUpdate`); follows its `presented` event, when there are any.
  public static func cellsUpdated(_ cells: CellUpdates) -> PipelineEvent { .init(.cellsUpdated(cells)) }

  /// A screen was pushed or popped, or a link opened.
  public static func navigated(_ navigation: Navigation) -> PipelineEvent { .init(.navigated(navigation)) }

  /// Something failed; the pipeline keeps running and the screen shows an error row.
  public static func failed(_ failure: PipelineFailure, screen: ScreenRef?) -> PipelineEvent {
    .init(.failed(failure, screen: screen))
  }

  /// The pipeline has nothing to do: every intent and answer the transform stage took from the
  /// bus up to event `through` is applied, no request is in flight and every snapshot is
  /// presented. Published by the transform stage once it has seen the last `presented`.
  public static func settled(through sequence: UInt64) -> PipelineEvent { .init(.settled(through: sequence)) }

  /// Building a screen's table dropped or renamed duplicate ids, under the screen's
  /// ``Screen/duplicateIDPolicy``; each is reported the first time it happens.
  public static func duplicatesResolved(_ reports: [DuplicateReport], screen: ScreenRef) -> PipelineEvent {
    .init(.duplicatesResolved(reports, screen: screen))
  }
}
