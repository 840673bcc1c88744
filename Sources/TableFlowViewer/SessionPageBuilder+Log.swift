import Foundation
import TableCore
import TableFlow

extension SessionPageBuilder {
  /// A line of a jsonl log that is not what the log writer writes.
  package struct LogLineError: Error {
    package var message: String
  }

  /// Adds one line of a jsonl snapshot log.
  ///
  /// The log holds each snapshot whole but not the stages between them (version 1 has an
  /// empty changeset, DESIGN.md's format): they are the staged difference from the screen's
  /// previous snapshot, which is what the pipeline presented. Request latencies are not in a
  /// log and show as unknown.
  /// - Throws: ``LogLineError`` for a line that is not JSON, misses a field its event needs, or
  ///   holds an invalid snapshot.
  package mutating func addLogLine(_ text: some StringProtocol) throws(LogLineError) {
    let line: JSONLinesLogLine
    do {
      line = try JSONDecoding.tableFlow.decode(JSONLinesLogLine.self, from: Array(text.utf8))
    } catch let error as DecodingError {
      let cause = DecodingErrorText.describe(error, in: Array(text.utf8))
      throw LogLineError(message: String(cause.drop { $0 == " " }))
    } catch {
      throw LogLineError(message: "\(error)")
    }
    func require<T>(_ value: T?, _ name: String) throws(LogLineError) -> T {
      guard let value else { throw LogLineError(message: "a \(line.event) line needs \"\(name)\"") }
      return value
    }
    switch line.event {
    case "intent":
      let intent = try require(line.intent, "intent")
      addTimeline(.intent(line.ignored.map { "\(intent) (ignored: \($0))" } ?? intent))
    case "cancel":
      let requests = try require(line.requests, "requests").map { "\($0.method) \($0.url)" }
      addTimeline(.note("cancelled " + requests.joined(separator: ", ") + " (\(line.reason ?? ""))"))
    case "duplicates":
      for report in line.duplicates ?? [] { addTimeline(.note(report)) }
    case "response":
      for response in try require(line.responses, "responses") {
        addTimeline(
          .request(
            method: response.method, url: response.url, status: response.status, bytes: response.bytes,
            milliseconds: nil))
      }
    case "snapshot":
      let screen = try require(line.screen, "screen")
      let version = try require(line.version, "version")
      let snapshot = try require(line.snapshot, "snapshot")
      if version == 1 {
        addStep(
          screen: screen, version: 1, kind: .first, previous: .empty, snapshot: snapshot,
          changeset: StagedChangeset())
      } else {
        let previous = loggedScreen(screen)?.snapshot ?? .empty
        addStep(
          screen: screen, version: version, kind: .update, previous: previous, snapshot: snapshot,
          changeset: snapshot.difference(from: previous))
      }
    case "cells":
      let cells = try require(line.cells, "cells").map {
        (kind: $0.event, row: $0.row, position: $0.position.map(String.init).joined(separator: "."))
      }
      addCellNote(
        screen: try require(line.screen, "screen"), version: try require(line.version, "version"), cells)
    case "navigation":
      let from = try require(line.from, "from")
      switch line.action {
      case "push": addTimeline(.navigation("push \(try require(line.screen, "screen")) (from \(from))"))
      case "open": addTimeline(.navigation("open \(try require(line.link, "link")) (from \(from))"))
      case "back":
        let screen = try require(line.screen, "screen")
        addTimeline(.navigation("back to \(screen) (from \(from))"))
        if let shown = loggedScreen(screen) {
          addStep(
            screen: screen, version: shown.version, kind: .back, previous: shown.snapshot,
            snapshot: shown.snapshot, changeset: StagedChangeset())
        }
      default:
        throw LogLineError(message: "unknown navigation action \(TextEscaping.echoed(line.action ?? "null"))")
      }
    case "error":
      let stage = try require(line.stage, "stage")
      let category = try require(line.category, "category")
      addTimeline(
        .error("\(stage)/\(category)" + (line.screen.map { " in \($0)" } ?? "") + ": " + (line.message ?? ""))
      )
    default:
      break  // lines a newer writer adds (in-flight states, say) are not drawn
    }
  }
}
