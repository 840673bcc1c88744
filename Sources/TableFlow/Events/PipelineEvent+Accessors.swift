import TableCore

// What an event carries, one accessor per payload type; `nil` when the event is of a kind that
// does not carry it.
extension PipelineEvent {
  /// The intent of an `intentSent`, `intentReceived` or `intentIgnored` event.
  public var intent: Intent? {
    switch payload {
    case .intentSent(let intent), .intentReceived(let intent, _), .intentIgnored(let intent, _, _): intent
    default: nil
    }
  }

  /// The screen an event is about: the screen of an intent the transform took, a batch, a
  /// snapshot, an update, a failure (when it has one), duplicates, or a navigation's screen
  /// on top afterwards (the pushed one, the one a pop revealed, the one a link was opened from). `nil` for `intentSent` and `settled`.
  public var screen: ScreenRef? {
    switch payload {
    case .intentSent, .settled: nil
    case .intentReceived(_, let screen), .intentIgnored(_, let screen, _): screen
    case .requestStarted(let batch), .requestCancelled(let batch, _): batch.screen
    case .responseReceived(let batch), .responsesApplied(let batch): batch.batch.screen
    case .decoded(let batch): batch.batch.screen
    case .snapshotBuilt(let built): built.screen
    case .presented(let update): update.screen
    case .cellsUpdated(let cells): cells.screen
    case .navigated(let navigation): navigation.to
    case .failed(_, let screen): screen
    case .duplicatesResolved(_, let screen): screen
    }
  }

  /// Why an `intentIgnored` or `requestCancelled` event happened.
  public var reason: String? {
    switch payload {
    case .intentIgnored(_, _, let reason), .requestCancelled(_, let reason): reason
    default: nil
    }
  }

  /// The batch of a `requestStarted` or `requestCancelled` event.
  public var requestBatch: RequestBatch? {
    switch payload {
    case .requestStarted(let batch), .requestCancelled(let batch, _): batch
    default: nil
    }
  }

  /// The answers of a `responseReceived` or `responsesApplied` event.
  public var fetchedBatch: FetchedBatch? {
    switch payload {
    case .responseReceived(let batch), .responsesApplied(let batch): batch
    default: nil
    }
  }

  /// The outcome of a `decoded` event.
  public var decodedBatch: DecodedBatch? {
    if case .decoded(let batch) = payload { batch } else { nil }
  }

  /// The snapshot of a `snapshotBuilt` event.
  public var builtSnapshot: BuiltSnapshot? {
    if case .snapshotBuilt(let built) = payload { built } else { nil }
  }

  /// The update of a `presented` event.
  public var presentedUpdate: PresentedUpdate? {
    if case .presented(let update) = payload { update } else { nil }
  }

  /// The cells of a `cellsUpdated` event.
  public var cellUpdates: CellUpdates? {
    if case .cellsUpdated(let cells) = payload { cells } else { nil }
  }

  /// The navigation of a `navigated` event.
  public var navigation: Navigation? {
    if case .navigated(let navigation) = payload { navigation } else { nil }
  }

  /// The failure of a `failed` event.
  public var failure: PipelineFailure? {
    if case .failed(let failure, _) = payload { failure } else { nil }
  }

  /// The last sequence number a `settled` event covers.
  public var settledThrough: UInt64? {
    if case .settled(let sequence) = payload { sequence } else { nil }
  }

  /// The reports of a `duplicatesResolved` event.
  public var duplicates: [DuplicateReport]? {
    if case .duplicatesResolved(let reports, _) = payload { reports } else { nil }
  }
}
