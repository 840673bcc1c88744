import Foundation
import TableCore
import TableFlow
import TableFlowViewer

/// `tableflow verify [DIR]`: replays every fixture under a folder against the golden log
/// beside it, and writes the reports CI systems read.
///
/// A fixture `NAME.jsonl.gz` pairs with the golden `NAME.log` and, for a session that fails by
/// design, the sidecar `NAME.expect` (see `SessionExpectation`). A mismatch exits 1; with
/// `--update` the new log is written to `NAME.log.new` for review and the golden is never
/// touched. Goldens and sidecars without a fixture and fixtures without a golden are reported,
/// and so are recorded requests a session never sent (a warning; a failure with `--strict`).
/// Sessions replay `--jobs` at a time; the output keeps the sorted order whatever finishes
/// first. `--shard I/N` (or Bazel's `TEST_TOTAL_SHARDS`/`TEST_SHARD_INDEX`) verifies one of N
/// shards dealt by recorded duration (`--timings`) or fixture size
/// (`VerifyPlan.entries(of:weights:)`). Reports: `--html` (`VerifyReport`), `--junit`
/// (`JUnitReport`), `--json` (`VerifyJSONReport`), `--timings` (`VerifyTimings`, written by an
/// unsharded run); `--cache` skips sessions unchanged since they passed (`VerifyCache`), and
/// `--merge` joins the shards' JSON reports. Every report is written atomically and never over
/// one of the run's inputs (`OutputFile`).
public struct VerifyCommand: TableflowCommand {
  let replayer: ReplayCommand
  /// Measures each replay for the reports (tests give a clock of their own).
  let clock: any Clock<Duration>

  init(replayer: ReplayCommand, clock: any Clock<Duration> = ContinuousClock()) {
    self.replayer = replayer
    self.clock = clock
  }

  /// `verify`'s arguments.
  public var spec: CommandSpec {
    CommandSpec(
      name: "verify", summary: "Replays every fixture under DIR against its golden log.",
      positionals: [
        .init(
          "DIR", required: false, repeatable: true,
          help: "folder to search (default: Fixtures); with --merge, the shards' --json reports")
      ],
      options: [
        .init("--jobs", value: "N", help: "sessions replayed at once (default: the number of cores)"),
        .init(
          "--shard", value: "I/N",
          help: "verify only shard I of N, balanced by --timings durations or fixture size"),
        .init(
          "--html", value: "REPORT.html",
          help: "also write a review page: every verdict, golden and new side by side per step"),
        .init("--junit", value: "PATH", help: "also write a JUnit XML report, one test case per session"),
        .init(
          "--json", value: "PATH", help: "also write a JSON-lines report, one line per session ('-': stdout)"),
        .init(
          "--timings", value: "FILE",
          help: "session durations: read to balance shards, written by an unsharded run"),
        .init("--cache", value: "DIR", help: "skip sessions unchanged since they passed (reported cached)"),
      ],
      flags: [
        .init("--update", help: "write NAME.log.new beside each mismatch (goldens untouched)"),
        .init("--strict", help: "fail sessions that never sent some of their recorded requests"),
        .init("--merge", help: "merge the shards' --json reports into one (--json, --junit, --timings)"),
      ],
      discussion: """
        A fixture NAME.jsonl.gz is checked against NAME.log in the same folder. A session that \
        fails by design has a sidecar NAME.expect naming its exit ('exit 69'; optional \
        'stderr TEXT' lines must appear in its errors); it passes only when it fails exactly so.
        With '--json -' the report goes to standard output and the other lines to standard \
        error. Under Bazel, TEST_TOTAL_SHARDS and TEST_SHARD_INDEX choose the shard and \
        TEST_SHARD_STATUS_FILE is touched.
        """)
  }

  /// Verifies every session under the folder (or the shard's part of them), or merges reports.
  public func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitCode {
    let options: VerifyOptions
    do {
      options = try VerifyOptions.parse(arguments, environment: io.environment)
      if let status = options.shardStatusFile { try VerifyOptions.touch(status) }
    } catch {
      io.fail(error.message)
      return error.code
    }
    if options.merges { return merge(options, io: io) }
    return await verify(options, io: io)
  }

  private func verify(_ options: VerifyOptions, io: CommandIO) async -> ExitCode {
    let given = options.folder
    let folder = URL(fileURLWithPath: given)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      io.fail("\(folder.path): no such folder")
      return .noInput
    }
    let plan = VerifyPlan(paths: Self.files(under: folder, as: given))
    if plan.entries.allSatisfy({ $0.fixture == nil && $0.golden == nil }) {
      io.fail("\(given): no fixtures (*.jsonl.gz) or golden logs (*.log) to verify")
      return .noInput
    }
    // Every file of the folder's sessions is an input: no report may replace one of them.
    let inputs = plan.entries.flatMap { [$0.fixture, $0.golden, $0.expectation] }.compactMap { $0 }
    let timings = options.timings.flatMap { VerifyTimings.load($0, io: io) }
    let cache: VerifyCache?
    do {
      try Self.checkOutputs(options, inputs: inputs)
      cache = try options.cache.map(VerifyCache.init(folder:))
    } catch {
      io.fail(error.message)
      return error.code
    }
    let entries = plan.entries(of: options.shard, weights: Self.weights(timings: timings, folder: given))
    let human = options.jsonToStandardOutput ? io.err : io.out
    let context = options.html.map { _ in
      VerifyReport.Context(folder: given, updated: options.update, toolName: io.tool.name)
    }
    let settings = CheckSettings(
      update: options.update, strict: options.strict, environment: io.environment, tool: io.tool,
      report: context, cache: cache)
    var report = VerifyReport(title: "\(io.tool.name) verify \(given)", generator: io.tool.description)
    var worst = ExitCode.success
    var results: [SessionResult] = []
    var measured = timings?.milliseconds ?? [:]
    await Self.forEachInOrder(count: entries.count, jobs: options.jobs) { index in
      await check(entries[index], settings: settings)
    } deliver: { _, outcome in
      human.write(outcome.out)
      io.err.write(outcome.err)
      worst = max(worst, outcome.code)
      results.append(outcome.result)
      if let fixture = outcome.result.fixture, let milliseconds = outcome.milliseconds {
        measured[VerifyTimings.key(fixture, folder: given)] = milliseconds
      }
      if let entry = outcome.report { report.entries.append(entry) }
    }
    human.line(Self.summary(results))
    let header = VerifyJSONReport.Header(
      tool: io.tool.description, folder: given, shard: options.shard, strict: options.strict)
    let reportInputs = inputs + [options.timings].compactMap { $0 }
    var writes: [(path: String, bytes: String, inputs: [String])] = []
    if let html = options.html { writes.append((html, report.html(), reportInputs)) }
    // Only a run of every session knows every duration; the fixtures that are gone are dropped.
    if let path = options.timings, options.shard == .all {
      let current = Set(entries.compactMap(\.fixture).map { VerifyTimings.key($0, folder: given) })
      let kept = measured.filter { current.contains($0.key) }
      writes.append((path, VerifyTimings(milliseconds: kept).text(), inputs))
    }
    let code = Self.writeReports(
      VerifyJSONReport(header: header, results: results), options: options, extra: writes,
      inputs: reportInputs, io: io)
    return max(worst, code)
  }

  /// `N passed, M failed`, with the cached among the passed when there are any.
  static func summary(_ results: [SessionResult]) -> String {
    let cached = results.filter { $0.status == .cached }.count
    let failed = results.filter { $0.status == .failed }.count
    let passed = results.count - failed
    return "\(passed) passed" + (cached > 0 ? " (\(cached) cached)" : "") + ", \(failed) failed"
  }

  /// Refuses, before anything runs, a report path that names an input, a link or a folder.
  static func checkOutputs(_ options: VerifyOptions, inputs: [String]) throws(CommandFailure) {
    let reports = [options.html, options.junit, options.jsonToStandardOutput ? nil : options.json]
    for path in reports.compactMap({ $0 }) {
      try OutputFile.check(path, inputs: inputs + [options.timings].compactMap { $0 })
    }
    if let timings = options.timings { try OutputFile.check(timings, inputs: inputs) }
  }

  /// Writes the JSON and JUnit reports `options` ask for (never over one of `inputs`), and
  /// `extra` files, each atomically; says so on the human-readable stream.
  /// - Returns: 74 (or 64) when one could not be written, after saying why; else 0.
  static func writeReports(
    _ report: VerifyJSONReport, options: VerifyOptions,
    extra: [(path: String, bytes: String, inputs: [String])],
    inputs: [String], io: CommandIO
  ) -> ExitCode {
    let human = options.jsonToStandardOutput ? io.err : io.out
    var writes = extra
    if let junit = options.junit {
      let name = "\(io.tool.name) verify \(report.header.folder)"
      writes.append((junit, JUnitReport(name: name, results: report.results).xml(), inputs))
    }
    if let json = options.json {
      if options.jsonToStandardOutput {
        io.out.write(report.text())
      } else {
        writes.append((json, report.text(), inputs))
      }
    }
    var worst = ExitCode.success
    for write in writes {
      do throws(CommandFailure) {
        try OutputFile.write(write.bytes.utf8, to: write.path, inputs: write.inputs)
        human.line("wrote \(TextEscaping.inline(write.path))")
      } catch {
        io.fail(error.message)
        worst = max(worst, error.code)
      }
    }
    return worst
  }
}
