import FixtureKit
import Foundation
import TableCore
import TableFlow

extension DriftCommand {
  /// `drift`'s arguments, checked before anything is sent.
  struct Options {
    var transport: HTTPTransport
    /// The base URL without credentials, for error lines.
    var base: String
    var comparison: BodyComparison
    var maximumAge: Double?
    var strict: Bool

    /// - Throws: `CommandFailure` (64) for a missing or bad `--live`, `--ignore`, `--max-age`,
    ///   `--header` or `--timeout`.
    init(_ arguments: ParsedArguments) throws(CommandFailure) {
      guard let url = arguments.value("--live") else {
        throw CommandFailure(.usage, "drift needs --live URL: the backend to compare the recordings with")
      }
      let headers = try RunCommand.headers(arguments.allValues("--header"))
      let timeout = try RunCommand.timeout(arguments.value("--timeout"))
      do {
        transport = try HTTPTransport(baseURL: url, headers: headers, timeout: timeout)
      } catch {
        var redactor = Redactor(Redaction())
        _ = redactor.redactBaseURL(url)
        throw CommandFailure(.usage, "--live: " + redactor.scrub("\(error)"))
      }
      var redactor = Redactor(Redaction())
      base = redactor.redactBaseURL(transport.baseURL)
      comparison = BodyComparison(
        values: arguments.has("--values"),
        ignored: try arguments.allValues("--ignore").map { text throws(CommandFailure) in
          try DriftPath.parse(text)
        })
      strict = arguments.has("--strict")
      if let text = arguments.value("--max-age") {
        guard let days = Double(text), days.isFinite, days >= 0 else {
          throw CommandFailure(
            .usage, "--max-age expects a number of days (got '\(TextEscaping.echoed(text))')")
        }
        maximumAge = days
      }
    }

    /// The finding `--max-age` makes of a fixture's header, if any.
    func ageFinding(_ header: FixtureHeader, now: Date) -> DriftFinding? {
      guard let maximumAge else { return nil }
      guard let text = header.recorded, let date = RecordingDate.date(from: text) else {
        let why =
          header.recorded == nil
          ? "no recording date in the header (recorded before TableFlow wrote one); --max-age cannot judge it"
          : "the header's recording date '\(header.recorded ?? "")' is not an RFC 3339 time; --max-age cannot judge it"
        return DriftFinding(kind: .undated, live: why)
      }
      let days = now.timeIntervalSince(date) / 86_400
      guard days > maximumAge else { return nil }
      let shown = days.rounded(.down) == days ? String(Int(days)) : String(format: "%.1f", days)
      return DriftFinding(
        kind: .tooOld, recorded: text,
        live: "\(shown) days ago, more than --max-age \(Self.number(maximumAge))")
    }

    /// The findings for one request: the status, then (when both answered the same status and
    /// the recording's body is JSON) the bodies.
    func findings(recorded: RecordedResponse, live: TransportResponse) -> [DriftFinding] {
      if recorded.status != live.status {
        return [
          DriftFinding(kind: .statusChanged, recorded: String(recorded.status), live: String(live.status))
        ]
      }
      guard let old = Self.json(recorded.body) else { return [] }
      guard let new = Self.json(live.body) else {
        return [
          DriftFinding(
            kind: .typeChanged, path: .root, recorded: "JSON " + old.kind.rawValue, live: "not JSON")
        ]
      }
      return comparison.findings(recorded: old, live: new)
    }

    private static func json(_ body: [UInt8]) -> BodyJSON? {
      guard !body.isEmpty else { return nil }
      return try? JSONDecoding.tableFlow.decode(BodyJSON.self, from: body)
    }

    private static func number(_ value: Double) -> String {
      value.rounded() == value ? String(Int(value)) : String(value)
    }
  }
}
