import FixtureKit
import Foundation
import TableCore
import TableFlow

/// `tableflow drift FIXTURE… --live URL`: sends each fixture's recorded requests to the live
/// backend and compares the answers with the recorded ones per JSON path (`BodyComparison`):
/// a field added is info, one removed a warning, a kind or status changed an error.
///
/// Requests go as recorded, one at a time in recorded order, with the recorded headers; a
/// request still carrying a redacted secret is skipped with the reason unless the transport
/// supplies that header (`DriftRequest`). Exit: 0; 1 for errors (or warnings with
/// `--strict`); 65 for a fixture that cannot be read (66 missing, 74 read error), the others
/// are still compared; 69 when the backend cannot be reached, naming the first request that
/// failed (nothing more is sent).
public struct DriftCommand: TableflowCommand {
  private let now: @Sendable () -> Date

  /// A drift check that judges `--max-age` against `now`.
  init(now: @escaping @Sendable () -> Date = { Date() }) {
    self.now = now
  }

  /// `drift`'s arguments.
  public var spec: CommandSpec {
    CommandSpec(
      name: "drift", summary: "Compares a live backend's answers with the recorded ones, field by field.",
      positionals: [
        .init("FIXTURE", repeatable: true, help: "recorded sessions (.jsonl.gz) whose requests to send")
      ],
      options: [
        .init("--live", value: "URL", help: "the backend's base URL, which may carry a path prefix"),
        .init(
          "--ignore", value: "PATH", repeatable: true,
          help: "drop findings at or below PATH: .books[].updated_at or a JSON Pointer /books/*/updated_at"),
        .init("--max-age", value: "DAYS", help: "fail fixtures recorded more than DAYS days ago"),
        .init(
          "--header", value: "'Name: value'", repeatable: true,
          help: "a header for every request, also one the fixture has redacted (e.g. Authorization)"),
        .init("--timeout", value: "S", help: "total deadline per request in seconds (default 60)"),
      ],
      flags: [
        .init("--values", help: "also compare values (element by element), as warnings"),
        .init("--strict", help: "warnings fail too (exit 1)"),
        .init("--json", help: "one JSON object a line: each finding, each skipped request, a summary"),
      ],
      discussion: """
        Per JSON path: a field added is info, removed a warning, a type or status changed an \
        error; array elements are merged ([]), null matches any type. Requests whose recorded \
        header, query item or body holds a redacted secret are skipped unless --header (or \
        user:password@ in URL) supplies that header. Exit 0, 1 (errors; warnings with \
        --strict), 65 (bad fixture), 69 (backend unreachable).
        """)
  }

  /// Checks every fixture against the live backend.
  public func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitCode {
    let options: Options
    do {
      options = try Options(arguments)
    } catch {
      io.fail(error.message)
      return error.code
    }
    var report = DriftReport(json: arguments.has("--json"), out: io.out)
    var worst = ExitCode.success
    for path in arguments.positionals {
      guard !Task.isCancelled else { return max(worst, .interrupted) }
      let records: (header: FixtureHeader, records: [FixtureRecord])
      do {
        records = try Self.read(path)
      } catch {
        io.fail(error.message)
        worst = max(worst, error.code)
        continue
      }
      report.begin(fixture: path, recorded: records.header.recorded)
      if let age = options.ageFinding(records.header, now: now()) { report.add(age, fixture: path) }
      if let failure = await check(records.records, of: path, options: options, report: &report) {
        io.fail(failure.message)
        io.out.flush()
        return max(worst, failure.code)
      }
    }
    report.finish()
    let errors = report.counts[.error] ?? 0
    let warnings = report.counts[.warning] ?? 0
    if errors > 0 || options.strict && warnings > 0 { worst = max(worst, .goldenMismatch) }
    return worst
  }

  /// Sends one fixture's requests and reports each; a failure that stops the run (the backend
  /// cannot be reached, cancellation) is returned.
  private func check(
    _ records: [FixtureRecord], of fixture: String, options: Options, report: inout DriftReport
  ) async -> CommandFailure? {
    var answers: [Int: RecordedResponse] = [:]
    for record in records {
      if case .response(let response) = record.entry { answers[response.request] = response }
    }
    for record in records {
      guard case .request(let recorded) = record.entry else { continue }
      let label = "\(recorded.method) \(recorded.url)"
      guard let answer = answers[record.seq] else {
        report.skip(fixture: fixture, request: label, reason: "the recording has no answer to it")
        continue
      }
      let request: TransportRequest
      switch DriftRequest.prepare(recorded, transportAdds: options.transport.addedHeaders) {
      case .skip(let reason):
        report.skip(fixture: fixture, request: label, reason: reason)
        continue
      case .send(let prepared): request = prepared
      }
      let live: TransportResponse
      do {
        live = try await options.transport.send(request)
      } catch  where error.code == .unreachable || error.code == .timedOut {
        return CommandFailure(
          .unavailable, "\(fixture): \(label): the backend \(options.base) is unavailable: \(error.message)")
      } catch  where error.code == .cancelled {
        return CommandFailure(.interrupted, "\(fixture): \(label): cancelled")
      } catch {
        report.add(
          [DriftFinding(kind: .requestFailed, live: error.description)], fixture: fixture, request: label)
        continue
      }
      report.add(options.findings(recorded: answer, live: live), fixture: fixture, request: label)
    }
    return nil
  }

  /// The fixture's header and records.
  /// - Throws: `CommandFailure` 66 (missing, not a regular file), 65 (damaged), 74 (read error).
  private static func read(
    _ path: String
  ) throws(CommandFailure) -> (header: FixtureHeader, records: [FixtureRecord]) {
    try InputFile.requireRegularFile(path)
    do {
      let reader = try FixtureReader(path: path)
      return (reader.header, try reader.readAll())
    } catch {
      throw CommandFailure(error.code == .io ? .ioError : .dataError, error.description)
    }
  }
}
