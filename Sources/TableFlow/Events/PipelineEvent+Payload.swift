import TableCore

extension PipelineEvent {
  /// Every kind of event with what it carries; see the static constructors of the same
  /// names for what each means.
  package enum Payload: Sendable {
    case intentSent(Intent)
    case intentReceived(Intent, screen: ScreenRef)
    case intentIgnored(Intent, screen: ScreenRef, reason: String)
    case requestStarted(RequestBatch)
    case requestCancelled(RequestBatch, reason: String)
    case responseReceived(FetchedBatch)
    case decoded(DecodedBatch)
    case responsesApplied(FetchedBatch)
    case snapshotBuilt(BuiltSnapshot)
    case presented(PresentedUpdate)
    case cellsUpdated(CellUpdates)
    case navigated(Navigation)
    case failed(PipelineFailure, screen: ScreenRef?)
    case settled(through: UInt64)
    case duplicatesResolved([DuplicateReport], screen: ScreenRef)
  }
}
