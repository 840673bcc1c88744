import TableCore
import TableFlow

/// What `tableflow view` shows: a session as a list of steps, one per presented update, each
/// with what led to it (intents, requests, navigation, errors), the table it shows and the
/// stages of changes from the screen's previous snapshot.
///
/// Built from pipeline events (``SessionPageBuilder``) or from a jsonl snapshot log
/// (``SessionPageBuilder/addLogLine(_:)``); rendered by ``SessionPage/html(generator:)``.
package struct SessionPage: Hashable, Sendable {
  /// The page's title: the input's file name.
  package var title: String
  /// The steps, in the order the updates were presented.
  package var steps: [PageStep]
  /// What happened after the last update (a failure at the end of a session, say).
  package var trailing: [TimelineEntry]
}

/// One presented update of a session.
package struct PageStep: Hashable, Sendable {
  /// How the update came about.
  package enum Kind: String, Hashable, Sendable {
    /// The screen's first snapshot: drawn whole, no changes.
    case first
    /// A later snapshot: drawn with the stages of changes that led to it.
    case update
    /// The screen shown again by `back`, unchanged.
    case back
  }

  /// The screen's name.
  package var screen: String
  /// The screen's version (see `PresentedUpdate.version`).
  package var version: Int
  /// How the update came about.
  package var kind: Kind
  /// What happened since the previous step, in order.
  package var timeline: [TimelineEntry]
  /// The table before the update (`.empty` for a first snapshot).
  package var previous: TableSnapshot
  /// The table the update shows.
  package var snapshot: TableSnapshot
  /// The stages of changes from ``previous`` to ``snapshot``; none for `first` and `back`.
  package var stages: [StageDescription]
}

/// One line of a session's timeline.
package enum TimelineEntry: Hashable, Sendable {
  /// An intent, as the intents file writes it.
  case intent(String)
  /// A request and its response; the recorded latency when known (a fixture holds it, a jsonl
  /// log does not).
  case request(method: String, url: String, status: Int, bytes: Int, milliseconds: Double?)
  /// A push, a pop or a link opened.
  case navigation(String)
  /// Something the pipeline decided on the way, in one line: requests cancelled before they
  /// were applied (a pop, a refresh superseding a load), duplicate ids dropped or renamed.
  case note(String)
  /// A failure: `stage/category in screen: message`.
  case error(String)
}

/// Collects a session's events into a ``SessionPage``.
package struct SessionPageBuilder {
  private var steps: [PageStep] = []
  private var pending: [TimelineEntry] = []
  /// A jsonl log's last snapshot and version of each screen, by name.
  private var logScreens: [String: (version: Int, snapshot: TableSnapshot)] = [:]

  /// An empty session.
  package init() {}

  /// Adds one pipeline event.
  package mutating func add(_ event: PipelineEvent) {
    switch event.payload {
    case .intentReceived(let intent, _):
      pending.append(.intent(intent.description))
    case .intentIgnored(let intent, _, let reason):
      pending.append(.intent("\(intent) (ignored: \(reason))"))
    case .requestCancelled(let batch, let reason):
      let requests = batch.requests.map { "\($0.method) \($0.relativeURL)" }.joined(separator: ", ")
      pending.append(.note("cancelled \(requests) (\(reason))"))
    case .duplicatesResolved(let reports, _):
      for report in reports { pending.append(.note(report.line)) }
    case .responsesApplied(let fetched):
      guard fetched.failure == nil else { break }  // its error line says what happened
      for received in fetched.responses {
        pending.append(
          .request(
            method: received.request.method, url: received.request.relativeURL,
            status: received.response.status,
            bytes: received.response.body.count,
            milliseconds: Self.milliseconds(received.response.elapsed)))
      }
    case .presented(let update):
      if case .popped(let popped, let revealed) = update.navigation?.change {
        pending.append(.navigation("back to \(revealed.name) (from \(popped.name))"))
        addStep(
          screen: update.screen.name, version: update.version, kind: .back, previous: update.snapshot,
          snapshot: update.snapshot, changeset: StagedChangeset())
      } else if update.version == 1 {
        addStep(
          screen: update.screen.name, version: 1, kind: .first, previous: .empty, snapshot: update.snapshot,
          changeset: StagedChangeset())
      } else {
        addStep(
          screen: update.screen.name, version: update.version, kind: .update, previous: update.previous,
          snapshot: update.snapshot, changeset: update.changeset)
      }
    case .navigated(let navigation):
      switch navigation.change {
      case .pushed(let screen, let from):
        pending.append(.navigation("push \(screen.name) (from \(from.name))"))
      case .openedLink(let link, let from): pending.append(.navigation("open \(link) (from \(from.name))"))
      case .popped: break  // shown with the revealed screen's step
      }
    case .failed(let failure, let screen):
      pending.append(.error(Self.describe(failure, screen: screen?.name)))
    case .cellsUpdated(let updates):
      addCellNote(
        screen: updates.screen.name, version: updates.version,
        updates.cells.map {
          (
            kind: $0.kind.rawValue, row: $0.row.rawValue,
            position: "\($0.position.section).\($0.position.row)"
          )
        })
    case .intentSent, .requestStarted, .responseReceived, .decoded, .snapshotBuilt, .settled:
      break
    }
  }

  /// How many cells of the step just added seed B's adapter displayed and updated in place, as
  /// a note on that step: `cells: 12 willDisplay, 1 didUpdate (1.3 book-1)`, leaving out a kind with none, naming at most the
  /// first 5 updated rows (a first snapshot displays every row: those are only counted).
  package mutating func addCellNote(
    screen: String, version: Int, _ cells: [(kind: String, row: String, position: String)]
  ) {
    guard let last = steps.indices.last, steps[last].screen == screen, steps[last].version == version else {
      return
    }
    let displayed = cells.filter { $0.kind == CellUpdates.Kind.willDisplay.rawValue }.count
    let updated = cells.filter { $0.kind == CellUpdates.Kind.didUpdate.rawValue }
    var parts: [String] = []
    if displayed > 0 { parts.append("\(displayed) willDisplay") }
    if !updated.isEmpty {
      let named = updated.prefix(5).map { "\($0.position) \(TextEscaping.token($0.row))" }
      parts.append(
        "\(updated.count) didUpdate (" + named.joined(separator: ", ") + (updated.count > 5 ? ", …" : "")
          + ")")
    }
    guard !parts.isEmpty else { return }
    steps[last].timeline.append(.note("cells: " + parts.joined(separator: ", ")))
  }

  /// The page so far.
  package func page(title: String) -> SessionPage {
    SessionPage(title: title, steps: steps, trailing: pending)
  }

  package mutating func addStep(
    screen: String, version: Int, kind: PageStep.Kind, previous: TableSnapshot, snapshot: TableSnapshot,
    changeset: StagedChangeset
  ) {
    steps.append(
      PageStep(
        screen: screen, version: version, kind: kind, timeline: pending, previous: previous,
        snapshot: snapshot,
        stages: changeset.describedStages(from: previous)))
    pending = []
    logScreens[screen] = (version, snapshot)
  }

  /// A jsonl log's state of a screen (see ``addLogLine(_:)``).
  package func loggedScreen(_ name: String) -> (version: Int, snapshot: TableSnapshot)? { logScreens[name] }

  package mutating func addTimeline(_ entry: TimelineEntry) { pending.append(entry) }

  package static func describe(_ failure: PipelineFailure, screen: String?) -> String {
    "\(failure.stage)/\(failure.category)" + (screen.map { " in \($0)" } ?? "") + ": \(failure.message)"
  }

  package static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
  }
}
