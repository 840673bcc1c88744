import TableCore

/// The text snapshot log: for people and golden files.
///
/// The first snapshot of a screen is printed whole — a summary line, then each section and
/// one line per row with its position, kind, id, fields and height. Each later snapshot is
/// the summary line and its changes, stage by stage, with the fields of inserted, reloaded
/// and reconfigured rows, so the log grows with the changes. `full` prints every snapshot
/// whole, followed by the cell events of seed B's adapter (`  willDisplay 0.0 a, 0.1 b`,
/// `  didUpdate 1.3 c`). Intents (`> load`, or `> load-more wish (ignored: …)`), responses, cancelled
/// requests, navigation and errors get a line each, in the order the transform stage applied
/// them.
///
/// ```
/// > load
/// books v1: 1 section, 1 row
///   section 0 tableflow.status [static]
///     0.0 loading tableflow.loading  text="Loading…"  height=44
/// GET /v2/book/user/pmtao/collections?status=wish → 200, 5123 bytes
/// books v2: 3 sections, 40 rows; 1 stage
///   stage 1: 1 section deleted, 3 inserted
///     - section 0 tableflow.status
///     + section 0 wish "想读" [dynamic], 12 rows
///         0.0 info book-1  title="…"  height=120
/// ```
public struct TextLogWriter: SnapshotLogWriter {
  /// Whether every snapshot is printed whole.
  public let full: Bool

  /// Where a whole table's lines go while they are written (``FeedSession``'s streaming
  /// run), instead of all into the event's text.
  package var spill: TextSpill?

  /// Creates a writer; `full` prints every snapshot whole.
  public init(full: Bool = false) { self.full = full }

  /// Intent lines are cut after this many characters: a huge id is echoed, not copied.
  static let intentLimit = 200

  /// The log lines for one event.
  ///
  /// Ids, URLs, links and messages are escaped (`TextEscaping`): nothing a backend or a
  /// fixture says can break a line or forge another one.
  public mutating func text(for event: BusEvent) -> String {
    var out = ""
    write(event, to: &out)
    return out
  }

  /// Appends the log lines for one event to `out`, escaped as ``text(for:)`` says, with no
  /// string per line: a snapshot of 100,000 rows is written row by row into `out`.
  public mutating func write(_ event: BusEvent, to out: inout String) {
    switch event.event.payload {
    case .intentReceived(let intent, _):
      out += "> " + TextEscaping.echoed(intent.description, limit: Self.intentLimit) + "\n"
    case .intentIgnored(let intent, _, let reason):
      out += "> " + TextEscaping.echoed(intent.description, limit: Self.intentLimit)
      out += " (ignored: "
      TextEscaping.writeInline(reason, to: &out)
      out += ")\n"
    case .requestCancelled(let batch, let reason):
      out += "cancelled "
      for (index, request) in batch.requests.enumerated() {
        if index > 0 { out += ", " }
        TextEscaping.writeInline(request.method, to: &out)
        out += " "
        TextEscaping.writeInline(request.relativeURL, to: &out)
      }
      out += " ("
      TextEscaping.writeInline(reason, to: &out)
      out += ")\n"
    case .responsesApplied(let fetched):
      // A batch the fetch stage refused shows as its error line only.
      guard fetched.failure == nil else { break }
      for received in fetched.responses {
        let bytes = received.response.body.count
        TextEscaping.writeInline(received.request.method, to: &out)
        out += " "
        TextEscaping.writeInline(received.request.relativeURL, to: &out)
        out += " → \(received.response.status), \(bytes) byte\(bytes == 1 ? "" : "s")\n"
      }
    case .presented(let update):
      write(update, to: &out)
    case .navigated(let navigation):
      switch navigation.change {
      case .pushed(let screen, let from): out += "push \(name(screen)) (from \(name(from)))\n"
      case .openedLink(let link, let from): out += "open \(TextEscaping.inline(link)) (from \(name(from)))\n"
      case .popped: break  // printed with the revealed screen's version
      }
    case .failed(let failure, let screen):
      out += "error \(failure.stage)/\(failure.category)"
      if let screen { out += " in \(name(screen))" }
      out += ": "
      TextEscaping.writeInline(failure.message, to: &out)
      out += "\n"
    case .duplicatesResolved(let reports, _):
      // The ids in the lines are escaped by DuplicateResolution; the origins come from the feed.
      for report in reports {
        TextEscaping.writeInline(report.line, to: &out)
        out += "\n"
      }
    case .cellsUpdated(let cells):
      // Seed B's adapter events: every presented row's willDisplay / didUpdate, with --full.
      if full { write(cells, to: &out) }
    case .intentSent, .requestStarted, .responseReceived, .decoded, .snapshotBuilt, .settled:
      break
    }
  }

  private func name(_ screen: ScreenRef) -> String { TextEscaping.token(screen.name) }

  /// `  willDisplay 0.0 a, 0.1 b` and `  didUpdate 1.3 c`: one line per kind of cell event,
  /// the cells in position order, under the snapshot they belong to.
  private func write(_ updates: CellUpdates, to out: inout String) {
    for kind in [CellUpdates.Kind.willDisplay, .didUpdate] {
      var first = true
      for cell in updates.cells where cell.kind == kind {
        out += first ? "  \(kind.rawValue) " : ", "
        first = false
        out += "\(cell.position.section).\(cell.position.row) "
        TextEscaping.writeToken(cell.row.rawValue, to: &out)
      }
      if !first { out += "\n" }
    }
  }

  private func write(_ update: PresentedUpdate, to out: inout String) {
    if case .popped(let popped, _) = update.navigation?.change {
      out += "back to \(name(update.screen)) v\(update.version) (from \(name(popped)))\n"
      return
    }
    out += "\(name(update.screen)) v\(update.version): "
    SnapshotText.writeCounts(update.snapshot, to: &out)
    guard update.version > 1, !full else {
      out += "\n"
      SnapshotText.writeLines(for: update.snapshot, to: &out, spill: spill)
      return
    }
    let stages = update.changeset.describedStages(from: update.previous)
    if stages.isEmpty {
      out += "; no changes\n"
      return
    }
    out += "; \(stages.count) stage\(stages.count == 1 ? "" : "s")\n"
    for stage in stages { SnapshotText.writeLogLines(for: stage, to: &out, spill: spill) }
  }
}
