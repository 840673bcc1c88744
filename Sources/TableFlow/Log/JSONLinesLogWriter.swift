import TableCore

/// The jsonl snapshot log: one JSON object a line, keys sorted, `"event"` naming the line's
/// kind — `intent` (with `"ignored"` and its reason when a rule ignored it), `response`,
/// `cancel`, `snapshot`, `cells` (after a snapshot: each presented row's `willDisplay` or
/// `didUpdate`, with its `row` id, cell `kind` and `position`), `navigation`, `error`.
///
/// A snapshot line is `{"changeset":{…},"event":"snapshot","screen":…,"snapshot":{…},
/// "version":…}` with the snapshot and changeset in the interchange form of DESIGN.md; the
/// first snapshot of a screen has an empty changeset. Every line has the shape the package's
/// `JSONLinesLogLine` declares, which is also what readers of the log decode.
public struct JSONLinesLogWriter: SnapshotLogWriter {
  /// Creates a writer.
  public init() {}

  /// The log line for one event, if the log shows it.
  public mutating func text(for event: BusEvent) -> String {
    var out = ""
    write(event, to: &out)
    return out
  }

  /// Appends the log line for one event, if the log shows it, straight into `out`: a
  /// snapshot's rows are written one by one, with no value built for the whole snapshot.
  public mutating func write(_ event: BusEvent, to out: inout String) {
    if case .presented(let update) = event.event.payload {
      if case .popped = update.navigation?.change { return }
      // The keys in sorted order, as every line has them.
      out += #"{"changeset":"#
      if update.version == 1 {
        out += #"{"stages":[]}"#
      } else {
        JSONValue(update.changeset).write(to: &out)
      }
      out += #","event":"snapshot","screen":"#
      JSONValue.writeString(update.screen.name, to: &out)
      out += #","snapshot":"#
      update.snapshot.writeInterchange(to: &out)
      out += #","version":"#
      out += String(update.version)
      out += "}\n"
      return
    }
    guard let value = Self.value(for: event.event) else { return }
    value.write(to: &out)
    out += "\n"
  }

  /// The line of every event but a snapshot.
  private static func value(for event: PipelineEvent) -> JSONValue? {
    typealias Line = JSONLinesLogLine
    var line: Line
    switch event.payload {
    case .intentReceived(let intent, let screen):
      line = Line(event: "intent")
      line.intent = intent.description
      line.screen = screen.name
    case .intentIgnored(let intent, let screen, let reason):
      line = Line(event: "intent")
      line.intent = intent.description
      line.screen = screen.name
      line.ignored = reason
    case .requestCancelled(let batch, let reason):
      line = Line(event: "cancel")
      line.screen = batch.screen.name
      line.reason = reason
      line.requests = batch.requests.map { Line.Request(method: $0.method, url: $0.relativeURL) }
    case .responsesApplied(let fetched):
      guard fetched.failure == nil else { return nil }
      // One line per batch keeps the log one line per event.
      line = Line(event: "response")
      line.screen = fetched.batch.screen.name
      line.responses = fetched.responses.map {
        Line.Response(
          method: $0.request.method, url: $0.request.relativeURL, status: $0.response.status,
          bytes: $0.response.body.count)
      }
    case .presented:
      return nil  // written by `write(_:to:)` without building the snapshot's value
    case .navigated(let navigation):
      line = Line(event: "navigation")
      switch navigation.change {
      case .pushed(let screen, let from):
        (line.action, line.screen, line.from) = ("push", screen.name, from.name)
      case .popped(let screen, let to):
        (line.action, line.screen, line.from) = ("back", to.name, screen.name)
      case .openedLink(let link, let from):
        (line.action, line.link, line.from) = ("open", link, from.name)
      }
    case .failed(let failure, let screen):
      line = Line(event: "error")
      line.stage = failure.stage.rawValue
      line.category = failure.category.description
      line.message = failure.message
      line.screen = screen?.name
    case .duplicatesResolved(let reports, let screen):
      // One line per batch keeps the log one line per event.
      line = Line(event: "duplicates")
      line.screen = screen.name
      line.duplicates = reports.map(\.line)
    case .cellsUpdated(let updates):
      line = Line(event: "cells")
      line.screen = updates.screen.name
      line.version = updates.version
      line.cells = updates.cells.map {
        Line.Cell(
          event: $0.kind.rawValue, row: $0.row.rawValue, kind: $0.cellKind.rawValue,
          position: [$0.position.section, $0.position.row])
      }
    case .intentSent, .requestStarted, .responseReceived, .decoded, .snapshotBuilt, .settled:
      return nil
    }
    return line.value
  }
}
