import TableCore

/// The jsonl snapshot log: one JSON object a line, keys sorted, `"event"` naming the line's
/// kind — `intent` (with `"ignored"` and its reason when a rule ignored it), `response`,
/// `cancel`, `snapshot`, `navigation`, `error`.
///
/// A snapshot line is `{"changeset":{…},"event":"snapshot","screen":…,"snapshot":{…},
/// "version":…}` with the snapshot and changeset in the interchange form of DESIGN.md; the
/// first snapshot of a screen has an empty changeset.
public struct JSONLinesLogWriter: SnapshotLogWriter {
  /// Creates a writer.
  public init() {}

  /// The log line for one event, if the log shows it.
  public mutating func text(for event: BusEvent) -> String {
    guard let value = Self.value(for: event.event) else { return "" }
    return value.text + "\n"
  }

  static func value(for event: PipelineEvent) -> JSONValue? {
    switch event {
    case .intentReceived(let intent, let screen):
      return .object([
        "event": .string("intent"), "intent": .string(intent.description), "screen": .string(screen.name),
      ])
    case .intentIgnored(let intent, let screen, let reason):
      return .object([
        "event": .string("intent"), "intent": .string(intent.description), "screen": .string(screen.name),
        "ignored": .string(reason),
      ])
    case .requestCancelled(let batch, let reason):
      return .object([
        "event": .string("cancel"), "screen": .string(batch.screen.name), "reason": .string(reason),
        "requests": .array(
          batch.requests.map {
            .object(["method": .string($0.method), "url": .string($0.relativeURL)])
          }),
      ])
    case .responsesApplied(let fetched):
      guard fetched.failure == nil else { return nil }
      // One line per batch keeps the log one line per event.
      return .object([
        "event": .string("response"), "screen": .string(fetched.batch.screen.name),
        "responses": .array(
          fetched.responses.map {
            .object([
              "method": .string($0.request.method), "url": .string($0.request.relativeURL),
              "status": .integer($0.response.status), "bytes": .integer($0.response.body.count),
            ])
          }),
      ])
    case .presented(let update):
      if case .popped = update.navigation { return nil }
      return .object([
        "event": .string("snapshot"), "screen": .string(update.screen.name),
        "version": .integer(update.version),
        "snapshot": JSONValue(update.snapshot),
        "changeset": update.version == 1 ? .object(["stages": .array([])]) : JSONValue(update.changeset),
      ])
    case .navigated(let navigation):
      switch navigation {
      case .pushed(let screen, let from):
        return .object([
          "event": .string("navigation"), "action": .string("push"), "screen": .string(screen.name),
          "from": .string(from.name),
        ])
      case .popped(let screen, let to):
        return .object([
          "event": .string("navigation"), "action": .string("back"), "screen": .string(to.name),
          "from": .string(screen.name),
        ])
      case .openedLink(let link, let from):
        return .object([
          "event": .string("navigation"), "action": .string("open"), "link": .string(link),
          "from": .string(from.name),
        ])
      }
    case .failed(let failure, let screen):
      return .object([
        "event": .string("error"), "stage": .string(failure.stage.rawValue),
        "category": .string(failure.category.description), "message": .string(failure.message),
        "screen": screen.map { .string($0.name) } ?? .null,
      ])
    case .duplicatesResolved(let reports, let screen):
      // One line per batch keeps the log one line per event.
      return .object([
        "event": .string("duplicates"), "screen": .string(screen.name),
        "duplicates": .array(reports.map { .string($0.line) }),
      ])
    case .intentSent, .requestStarted, .responseReceived, .decoded, .snapshotBuilt, .settled, .cellsUpdated:
      return nil
    }
  }
}
