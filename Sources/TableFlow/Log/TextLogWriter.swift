import TableCore

/// The text snapshot log: for people and golden files.
///
/// The first snapshot of a screen is printed whole — a summary line, then each section and
/// one line per row with its position, kind, id, fields and height. Each later snapshot is
/// the summary line and its changes, stage by stage, with the fields of inserted, reloaded
/// and reconfigured rows, so the log grows with the changes. `full` prints every snapshot
/// whole. Intents (`> load`), responses, navigation and errors get a line each.
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
  private var shown: [Int: TableSnapshot] = [:]

  /// Creates a writer; `full` prints every snapshot whole.
  public init(full: Bool = false) { self.full = full }

  /// The log lines for one event.
  public mutating func text(for event: BusEvent) -> String {
    var out = ""
    switch event.event {
    case .intentReceived(let intent, _):
      out += "> \(intent)\n"
    case .responseReceived(let responses, _):
      for received in responses {
        let bytes = received.response.body.count
        out += "\(received.request.method) \(received.request.relativeURL) → \(received.response.status), "
        out += "\(bytes) byte\(bytes == 1 ? "" : "s")\n"
      }
    case .presented(let update):
      out += presented(update)
    case .navigated(let navigation):
      switch navigation {
      case .pushed(let screen, let from): out += "push \(screen.name) (from \(from.name))\n"
      case .openedLink(let link, let from): out += "open \(link) (from \(from.name))\n"
      case .popped: break  // printed with the revealed screen's version
      }
    case .failed(let failure, let screen):
      out += "error \(failure.stage)/\(failure.category)"
      if let screen { out += " in \(screen.name)" }
      out += ": \(failure.message)\n"
    case .duplicatesResolved(let reports, _):
      for report in reports { out += report.line + "\n" }
    case .requestStarted, .decoded, .snapshotBuilt, .cellsUpdated:
      break
    }
    return out
  }

  private mutating func presented(_ update: PresentedUpdate) -> String {
    let key = update.screen.instance
    if case .popped(let popped, _) = update.navigation {
      return "back to \(update.screen.name) v\(update.version) (from \(popped.name))\n"
    }
    let previous = shown[key]
    shown[key] = update.snapshot
    var out = "\(update.screen.name) v\(update.version): \(Self.counts(update.snapshot))"
    guard let previous, !full else {
      out += "\n"
      for (index, section) in update.snapshot.sections.enumerated() {
        out += "  " + Self.describe(section, at: index) + "\n"
        for (row, value) in section.rows.enumerated() {
          out += "    " + Self.describe(value, at: RowPosition(section: index, row: row)) + "\n"
        }
      }
      return out
    }
    let stages = update.changeset.stages
    if stages.isEmpty { return out + "; no changes\n" }
    out += "; \(stages.count) stage\(stages.count == 1 ? "" : "s")\n"
    var before = previous
    for (number, stage) in stages.enumerated() {
      out += Self.describe(stage, number: number + 1, before: before)
      before = stage.snapshot
    }
    return out
  }

  // MARK: Formatting

  static func counts(_ snapshot: TableSnapshot) -> String {
    let sections = snapshot.sections.count
    let rows = snapshot.rowCount
    return "\(sections) section\(sections == 1 ? "" : "s"), \(rows) row\(rows == 1 ? "" : "s")"
  }

  static func describe(_ section: Section, at index: Int) -> String {
    var text = "section \(index) \(section.id.rawValue)"
    if let header = section.header { text += " " + quoted(header) }
    var flags = [section.style.rawValue]
    if section.isCollapsed { flags.append("collapsed") }
    text += " [\(flags.joined(separator: ", "))]"
    if let footer = section.footer { text += " footer=" + quoted(footer) }
    return text
  }

  static func describe(_ row: Row, at position: RowPosition) -> String {
    var text = "\(position) \(row.kind.rawValue) \(row.id.rawValue) "
    for field in row.fields {
      text += " "
      text += field.name
      text += "="
      if case .text(let value) = field.value {
        JSONValue.writeString(value, to: &text)  // straight into the line: logs hold many rows
      } else {
        text += format(field.value)
      }
    }
    text += "  height="
    text += JSONValue.format(row.height)
    return text
  }

  static func format(_ value: FieldValue) -> String {
    switch value {
    case .text(let text): return quoted(text)
    case .number(let number): return JSONValue.format(number)
    default: return value.description
    }
  }

  /// A string in double quotes with quotes, backslashes and control characters escaped, so
  /// every row stays on one line.
  static func quoted(_ text: String) -> String {
    var output = ""
    JSONValue.writeString(text, to: &output)
    return output
  }
}
