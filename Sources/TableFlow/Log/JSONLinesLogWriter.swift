import TableCore

/// The jsonl snapshot log: one JSON object a line, keys sorted, `"event"` naming the line's
/// kind — `intent` (with `"ignored"` and its reason when a rule ignored it), `response`,
/// `cancel`, `snapshot`, `cells` (after a snapshot: each presented row's `willDisplay` or
/// `didUpdate`, with its `row` id, cell `kind` and `position`), `navigation`, `error`.
///
/// A snapshot line is `{"changeset":{…},"event":"snapshot","screen":…,"snapshot":{…},
/// "version":…}` with the snapshot and changeset in the interchange form of DESIGN.md; the
/// first snapshot of a screen has an empty changeset.
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
      if case .popped = update.navigation { return }
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

  /// The line of every event but a snapshot, as a value.
  private static func value(for event: PipelineEvent) -> JSONValue? {
    switch event.payload {
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
    case .presented:
      return nil  // written by `write(_:to:)` without building the snapshot's value
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
    case .cellsUpdated(let updates):
      return .object([
        "event": .string("cells"), "screen": .string(updates.screen.name),
        "version": .integer(updates.version),
        "cells": .array(
          updates.cells.map {
            .object([
              "event": .string($0.kind.rawValue), "row": .string($0.row.rawValue),
              "kind": .string($0.cellKind.rawValue),
              "position": .array([.integer($0.position.section), .integer($0.position.row)]),
            ])
          }),
      ])
    case .intentSent, .requestStarted, .responseReceived, .decoded, .snapshotBuilt, .settled:
      return nil
    }
  }
}
