import Foundation
import TableCore

extension VerifyCommand {
  /// `verify --merge A.json B.json …`: joins the shards' JSON reports into one run's reports
  /// (`--json`, `--junit`, `--timings`), prints its verdicts as `verify` does and exits with
  /// the worst session's code.
  ///
  /// Reports are refused (65) unless they come from one tool version, one folder, one
  /// `--strict` setting and one shard count, each shard at most once and each session in one
  /// shard only. A shard that is missing is named in a warning and makes the merge fail (1):
  /// its sessions' verdicts are unknown.
  func merge(_ options: VerifyOptions, io: CommandIO) -> ExitCode {
    var reports: [(path: String, report: VerifyJSONReport)] = []
    do throws(CommandFailure) {
      for path in options.reports {
        try InputFile.requireRegularFile(path)
        guard let data = FileManager.default.contents(atPath: path) else {
          throw CommandFailure(.ioError, "\(path): cannot read")
        }
        reports.append((path, try VerifyJSONReport.parse(String(decoding: data, as: UTF8.self), file: path)))
      }
      try Self.checkOutputs(options, inputs: options.reports)
    } catch {
      io.fail(error.message)
      return error.code
    }
    let merged: VerifyJSONReport
    do throws(CommandFailure) {
      merged = try Self.merged(reports)
    } catch {
      io.fail(error.message)
      return error.code
    }
    let human = options.jsonToStandardOutput ? io.err : io.out
    var worst = ExitCode.success
    for result in merged.results {
      human.line(Self.verdictLine(result))
      worst = max(worst, result.exit)
    }
    let count = reports[0].report.header.shard.count
    let present = Set(reports.map(\.report.header.shard.index))
    let missing = (1...count).filter { !present.contains($0) }
    human.line(Self.summary(merged.results))
    if !missing.isEmpty {
      let named = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
      io.fail(
        "warning: shard\(missing.count == 1 ? "" : "s") \(named) missing: the merged report is incomplete")
      worst = max(worst, .goldenMismatch)
    }
    var extra: [(path: String, bytes: String, inputs: [String])] = []
    if let path = options.timings {
      let folder = merged.header.folder
      var timings: [String: Double] = [:]
      for result in merged.results where result.status != .cached {
        guard let fixture = result.fixture else { continue }
        timings[VerifyTimings.key(fixture, folder: folder)] = result.durationMilliseconds
      }
      extra.append((path, VerifyTimings(milliseconds: timings).text(), options.reports))
    }
    let code = Self.writeReports(merged, options: options, extra: extra, inputs: options.reports, io: io)
    return max(worst, code)
  }

  /// The shards' reports as one unsharded report, sessions in sorted order.
  /// - Throws: `CommandFailure` (65) naming the two reports that cannot be merged, and why.
  static func merged(
    _ reports: [(path: String, report: VerifyJSONReport)]
  ) throws(CommandFailure) -> VerifyJSONReport {
    guard let (firstPath, first) = reports.first else {
      throw CommandFailure(.usage, "--merge expects the shards' reports")
    }
    var shardOwner: [Int: String] = [:]
    var sessionOwner: [String: String] = [:]
    var results: [SessionResult] = []
    for (path, report) in reports {
      let header = report.header
      let refusal = "refusing to merge \(path) with \(firstPath)"
      if header.tool != first.header.tool {
        throw CommandFailure(
          .dataError,
          "\(refusal): written by different tool versions ('\(TextEscaping.echoed(header.tool))' and "
            + "'\(TextEscaping.echoed(first.header.tool))'); re-run every shard with one version")
      }
      if header.folder != first.header.folder {
        throw CommandFailure(
          .dataError,
          "\(refusal): they verified different folders ('\(TextEscaping.echoed(header.folder))' and "
            + "'\(TextEscaping.echoed(first.header.folder))')")
      }
      if header.strict != first.header.strict {
        throw CommandFailure(.dataError, "\(refusal): one ran with --strict and the other without")
      }
      if header.shard.count != first.header.shard.count {
        throw CommandFailure(
          .dataError,
          "\(refusal): overlapping shards of different deals (shard \(header.shard.description) and "
            + "\(first.header.shard.description))")
      }
      if let owner = shardOwner[header.shard.index] {
        throw CommandFailure(
          .dataError,
          "refusing to merge \(path) with \(owner): overlapping shards (both are shard \(header.shard.description))"
        )
      }
      shardOwner[header.shard.index] = path
      for result in report.results {
        if let owner = sessionOwner[result.stem] {
          throw CommandFailure(
            .dataError,
            "refusing to merge \(path) with \(owner): overlapping shards (both hold \(TextEscaping.echoed(result.name, limit: 200)))"
          )
        }
        sessionOwner[result.stem] = path
        results.append(result)
      }
    }
    var header = first.header
    header.shard = .all
    return VerifyJSONReport(header: header, results: results.sorted { $0.stem < $1.stem })
  }

  /// The line `verify` printed for a session, rebuilt from its report.
  static func verdictLine(_ result: SessionResult) -> String {
    switch result.status {
    case .cached: return "ok    \(TextEscaping.inline(result.name)) (cached)"
    case .passed:
      let expected = result.expectedExit.map { " (exit \($0.rawValue), as expected)" } ?? ""
      return "ok    \(TextEscaping.inline(result.name))" + expected
    case .failed:
      let cause = result.messages.first ?? "\(result.name): failed (exit \(result.exit.rawValue))"
      return "FAIL  " + TextEscaping.echoed(cause, limit: 500)
    }
  }
}
