import TableCore

/// Everything that happens in a pipeline, in past tense. The bus stamps each with a sequence
/// number (see ``BusEvent``).
///
/// The bus is the only path between the stages: each stage subscribes to the events it
/// consumes and publishes the ones it produces.
///
/// ```
/// Pipeline.send ─► intentSent ─► transform ─► requestStarted ─► fetch ─► responseReceived ─► decode
///                                   ▲  │                                                      │
///                                   │  └─► snapshotBuilt ─► present ─► presented ─► logs, updates
///                                   └────────────── decoded ◄───────────────────────────────┘
/// ```
///
/// The transform stage applies intents and answers one at a time, in the order it takes them
/// from the bus, and marks each with `intentReceived` (or `intentIgnored`) or
/// `responsesApplied`; logs and recordings follow those marks, so they read in the order the
/// transform applied things, whatever the scheduling. Whole batches and snapshots travel in one
/// event, never one row at a time.
///
/// `PipelineEvent` is a struct so that new kinds of event can be added without breaking your
/// code: read an event through its ``kind`` (compare it, or `switch` over it with a
/// `default:`) and the accessor for what it carries, which is `nil` for other kinds.
///
/// ```swift
/// for await stamped in pipeline.bus.events() {
///   if let update = stamped.event.presentedUpdate {
///     print(update.screen, update.version)
///   }
///   switch stamped.event.kind {
///   case .failed: print(stamped.event.failure?.message ?? "")
///   case .settled: break
///   default: break
///   }
/// }
/// ```
public struct PipelineEvent: Sendable {
  /// The event with its payload. Inside the package code switches over this exhaustively;
  /// outside it, a new case would break callers, which is why it is not public.
  package let payload: Payload

  /// Wraps a payload.
  package init(_ payload: Payload) {
    self.payload = payload
  }

  /// What happened, one value per kind of event. New kinds may be added in any release:
  /// a `switch` over `kind` needs a `default:`.
  public var kind: Kind { Kind(payload) }
}

/// One duplicate id that building a table dropped or renamed, and where it came from.
public struct DuplicateReport: Hashable, Sendable {
  /// What was done, at which position.
  public let resolution: DuplicateResolution
  /// Where the screen says the row came from (`entry 12 of page read/0`), if it says.
  public let origin: String?

  /// Creates a report.
  public init(resolution: DuplicateResolution, origin: String?) {
    self.resolution = resolution
    self.origin = origin
  }

  /// The log line: `dropped duplicate row 'book-1-info' (entry 12 of page read/0)`.
  public var line: String { resolution.line(origin: origin) }
}

/// One response of a batch, with the request that asked for it.
public struct ReceivedResponse: Sendable {
  /// The request as sent.
  public let request: TransportRequest
  /// The response as received (any status).
  public let response: TransportResponse

  /// Creates a pair.
  public init(request: TransportRequest, response: TransportResponse) {
    self.request = request
    self.response = response
  }
}

/// A snapshot the transform built, with the changes from the screen's previous one.
public struct BuiltSnapshot: Sendable {
  /// The screen.
  public let screen: ScreenRef
  /// The new snapshot.
  public let snapshot: TableSnapshot
  /// The staged changes from the screen's previous snapshot (from an empty table for the
  /// first one).
  public let changeset: StagedChangeset
  /// The navigation that brought the screen up, for a pushed screen's first snapshot.
  public let navigation: Navigation?

  /// Creates a built snapshot.
  public init(
    screen: ScreenRef, snapshot: TableSnapshot, changeset: StagedChangeset, navigation: Navigation? = nil
  ) {
    self.screen = screen
    self.snapshot = snapshot
    self.changeset = changeset
    self.navigation = navigation
  }
}

/// What a table view should show now: a screen's new snapshot, the one it replaces, and how
/// to animate from one to the other.
///
/// An update carries everything a renderer needs (the text and jsonl logs, the HTML viewer,
/// a table view adapter): `previous.applying(changeset) == snapshot` holds for every update
/// except one that a `failed` event reports the headless table rejected (it then reloads).
public struct PresentedUpdate: Sendable {
  /// The screen shown.
  public let screen: ScreenRef
  /// The screen's version: 1 for its first snapshot, then counting up. Each screen counts on
  /// its own.
  public let version: Int
  /// The snapshot the screen showed before this update: `.empty` for version 1, the same as
  /// ``snapshot`` when a screen is revealed by `back`.
  public let previous: TableSnapshot
  /// The snapshot to show.
  public let snapshot: TableSnapshot
  /// The staged changes from ``previous`` to ``snapshot``: for version 1 the stages that fill
  /// an empty table (inserting every section), empty when a screen is revealed by `back`.
  ///
  /// The jsonl log writes version 1 with an empty changeset, as DESIGN.md's log format says
  /// (its snapshot is in the line whole); this value is what a table view applies.
  public let changeset: StagedChangeset
  /// The navigation that brought this screen up, if this update comes with one.
  public let navigation: Navigation?

  /// Creates an update.
  public init(
    screen: ScreenRef, version: Int, previous: TableSnapshot, snapshot: TableSnapshot,
    changeset: StagedChangeset, navigation: Navigation?
  ) {
    self.screen = screen
    self.version = version
    self.previous = previous
    self.snapshot = snapshot
    self.changeset = changeset
    self.navigation = navigation
  }
}

/// An event as the bus delivers it: stamped with its place in the one global order.
public struct BusEvent: Sendable {
  /// The event's sequence number: 0 for the first event published on a bus, then counting up
  /// by one, with no gaps.
  public let sequence: UInt64
  /// The event.
  public let event: PipelineEvent

  /// Creates a stamped event.
  public init(sequence: UInt64, event: PipelineEvent) {
    self.sequence = sequence
    self.event = event
  }
}
