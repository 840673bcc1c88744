import Foundation
import TableCore
import TableFlow
import TableFlowViewer

/// `tableflow verify [DIR] [--update] [--jobs N] [--shard I/N] [--html REPORT]`: replays every
/// fixture under a folder against the golden log beside it.
///
/// A fixture `NAME.jsonl.gz` pairs with the golden `NAME.log` and, for a session that fails by
/// design, the sidecar `NAME.expect` (see `SessionExpectation`). A mismatch exits 1; with
/// `--update` the new log is written to `NAME.log.new` for review and the golden is never
/// touched. Goldens and sidecars without a fixture and fixtures without a golden are reported.
/// Sessions replay `--jobs` at a time; the output keeps the sorted order whatever finishes
/// first, and `--shard I/N` keeps every N-th session starting with the I-th. `--html` also
/// writes a review page (`VerifyReport`).
public struct VerifyCommand: TableflowCommand {
  private let replayer: ReplayCommand

  init(replayer: ReplayCommand) {
    self.replayer = replayer
  }

  /// `verify`'s arguments.
  public var spec: CommandSpec {
    CommandSpec(
      name: "verify", summary: "Replays every fixture under DIR against its golden log.",
      positionals: [.init("DIR", required: false, help: "folder to search (default: Fixtures)")],
      options: [
        .init("--jobs", value: "N", help: "sessions replayed at once (default: the number of cores)"),
        .init("--shard", value: "I/N", help: "verify only shard I of N (sessions dealt round-robin)"),
        .init(
          "--html", value: "REPORT.html",
          help: "also write a review page: every verdict, golden and new side by side per step"),
      ],
      flags: [.init("--update", help: "write NAME.log.new beside each mismatch (goldens untouched)")],
      discussion: """
        A fixture NAME.jsonl.gz is checked against NAME.log in the same folder. A session that \
        fails by design has a sidecar NAME.expect naming its exit ('exit 69'; optional \
        'stderr TEXT' lines must appear in its errors); it passes only when it fails exactly so.
        """)
  }

  /// Verifies every session under the folder (or the shard's part of them).
  public func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitCode {
    let jobs: Int
    let shard: VerifyPlan.Shard
    do {
      jobs = try Self.jobs(arguments.value("--jobs"))
      shard = try arguments.value("--shard").map(VerifyPlan.Shard.parse) ?? .all
    } catch {
      io.fail(error.message)
      return error.code
    }
    let given = arguments.positional(0) ?? "Fixtures"
    let folder = URL(fileURLWithPath: given)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      io.fail("\(folder.path): no such folder")
      return .noInput
    }
    let files = Self.files(under: folder, as: given)
    if VerifyPlan(paths: files).entries.allSatisfy({ $0.fixture == nil && $0.golden == nil }) {
      io.fail("\(given): no fixtures (*.jsonl.gz) or golden logs (*.log) to verify")
      return .noInput
    }
    let entries = VerifyPlan(paths: files, shard: shard).entries
    let update = arguments.has("--update")
    let environment = io.environment
    let tool = io.tool
    let html = arguments.value("--html")
    // Every file of the folder's sessions is an input: the report may not replace one of them.
    let inputs = VerifyPlan(paths: files).entries.flatMap { [$0.fixture, $0.golden, $0.expectation] }
      .compactMap { $0 }
    if let html {
      do throws(CommandFailure) {
        try OutputFile.check(html, inputs: inputs)
      } catch {
        io.fail(error.message)
        return error.code
      }
    }
    var report = VerifyReport(title: "\(io.tool.name) verify \(given)", generator: io.tool.description)
    var worst = ExitCode.success
    var passed = 0
    var failed = 0
    await Self.forEachInOrder(count: entries.count, jobs: jobs) { index in
      await check(
        entries[index], update: update, environment: environment, tool: tool,
        report: html.map { _ in VerifyReport.Context(folder: given, updated: update, toolName: tool.name) })
    } deliver: { _, outcome in
      io.out.write(outcome.out)
      io.err.write(outcome.err)
      worst = max(worst, outcome.code)
      if outcome.passed { passed += 1 } else { failed += 1 }
      if let entry = outcome.report { report.entries.append(entry) }
    }
    io.out.line("\(passed) passed, \(failed) failed")
    if let html {
      do throws(CommandFailure) {
        try OutputFile.write(report.html().utf8, to: html, inputs: inputs)
        io.out.line("wrote \(TextEscaping.inline(html))")
      } catch {
        io.fail(error.message)
        worst = max(worst, error.code)
      }
    }
    return worst
  }

  /// What checking one entry printed and concluded.
  struct Outcome: Sendable {
    var out: String
    var err: String
    var code: ExitCode
    var passed: Bool
    /// The entry's part of the `--html` report, when one is written.
    var report: VerifyReport.Entry?
  }

  /// Checks one entry, writing into memory so that entries checked at once print in order.
  func check(
    _ entry: VerifyPlan.Entry, update: Bool, environment: [String: String],
    tool: ToolIdentity = .tableflow, report: VerifyReport.Context? = nil
  ) async -> Outcome {
    let out = MemorySink()
    let err = MemorySink()
    let io = CommandIO(out: out, err: err, environment: environment, tool: tool)
    var drawn = report.map { _ in VerifyReport.Entry(path: entry.fixture ?? entry.stem, verdict: .pass) }
    let (code, passed) = await check(entry, update: update, io: io, report: &drawn)
    if var filled = drawn, let context = report {
      if filled.verdict == .fail && filled.new != filled.golden
        || filled.verdict == .orphan && entry.fixture != nil
      {
        filled.accept = context.acceptCommand(golden: filled.goldenPath)
      }
      drawn = filled
    }
    return Outcome(out: out.text, err: err.text, code: code, passed: passed, report: drawn)
  }

  private func check(
    _ entry: VerifyPlan.Entry, update: Bool, io: CommandIO, report: inout VerifyReport.Entry?
  ) async -> (ExitCode, passed: Bool) {
    report?.goldenPath = entry.stem + VerifyPlan.goldenSuffix
    guard let fixture = entry.fixture else {
      if let golden = entry.golden {
        io.fail("\(golden): golden log without a fixture")
        report?.path = golden
        report?.golden =
          FileManager.default.contents(atPath: golden).map { String(decoding: $0, as: UTF8.self) } ?? ""
      }
      if let sidecar = entry.expectation { io.fail("\(sidecar): expectation without a fixture") }
      report?.verdict = .orphan
      report?.note = entry.golden != nil ? "golden log without a fixture" : "expectation without a fixture"
      return (.goldenMismatch, false)
    }
    let goldenPath = entry.stem + VerifyPlan.goldenSuffix
    let expectation: SessionExpectation
    do {
      expectation = try entry.expectation.map(Self.expectation(at:)) ?? .success
    } catch {
      io.fail(error.message)
      return (error.code, false)
    }
    let sessionErr = MemorySink()
    let sessionIO = CommandIO(out: io.out, err: sessionErr, environment: io.environment, tool: io.tool)
    let (log, code, page) = await replay(fixture, io: sessionIO, drawing: report != nil)
    report?.new = log
    report?.page = page
    guard let golden = entry.golden else {
      report?.verdict = .orphan
      report?.note = "no golden log (expected \(goldenPath))"
      io.err.write(sessionErr.text)
      io.fail("\(fixture): no golden log (expected \(goldenPath))")
      let written = update ? write(log, to: goldenPath + ".new", io: io) : .success
      return (max(.goldenMismatch, written), false)
    }
    let expected = FileManager.default.contents(atPath: golden).map { String(decoding: $0, as: UTF8.self) }
    report?.golden = expected ?? ""
    let mismatch = expectation.mismatch(code: code, stderr: sessionErr.text)
    if expected == log && mismatch == nil {
      if expectation.exitCode == .success {
        io.err.write(sessionErr.text)
        io.out.line("ok    \(TextEscaping.inline(fixture))")
      } else {
        io.out.line("ok    \(TextEscaping.inline(fixture)) (exit \(code.rawValue), as expected)")
      }
      return (.success, true)
    }
    io.err.write(sessionErr.text)
    var worst = ExitCode.success
    report?.verdict = .fail
    if expected != log {
      let line = GoldenLogDifference(expected: expected ?? "", actual: log)?.line ?? 1
      io.out.line(
        "FAIL  " + TextEscaping.inline("\(fixture): log differs from \(golden) at line \(line)"))
      report?.note = "the log differs from \(golden) at line \(line)"
      worst = .goldenMismatch
      if update { worst = max(worst, write(log, to: golden + ".new", io: io)) }
    }
    if let mismatch {
      io.out.line("FAIL  " + TextEscaping.inline("\(fixture): \(mismatch)"))
      let earlier = report?.note
      report?.note = [earlier, mismatch].compactMap { $0 }.joined(separator: "; ")
      worst = max(worst, code == expectation.exitCode || code == .success ? .goldenMismatch : code)
    }
    return (worst, false)
  }

  /// Replays one fixture into memory: its text log, the session's exit code and, for the
  /// `--html` report, its page.
  private func replay(
    _ fixture: String, io: CommandIO, drawing: Bool
  ) async -> (log: String, code: ExitCode, page: SessionPage?) {
    let log = MemorySink()
    var builder = SessionPageBuilder()
    do {
      let code = try await replayer.replay(fixture, sink: log, io: io) { event in
        if drawing { builder.add(event.event) }
      }
      let title = URL(fileURLWithPath: fixture).lastPathComponent
      return (log.text, code, drawing ? builder.page(title: title) : nil)
    } catch {
      io.fail(error.message)
      return (log.text, error.code, nil)
    }
  }

  private static func expectation(at path: String) throws(CommandFailure) -> SessionExpectation {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandFailure(.ioError, "\(path): cannot read")
    }
    return try SessionExpectation.parse(String(decoding: data, as: UTF8.self), file: path)
  }

  private func write(_ log: String, to path: String, io: CommandIO) -> ExitCode {
    do throws(CommandFailure) {
      try OutputFile.write(log.utf8, to: path, inputs: [])
      io.out.line("wrote \(TextEscaping.inline(path)): review it, then move it over the golden")
      return .success
    } catch {
      io.fail(error.message)
      return error.code
    }
  }

  /// Parses `--jobs`: a positive count, by default the number of active cores.
  /// - Throws: `CommandFailure` (64) for anything else.
  static func jobs(_ text: String?) throws(CommandFailure) -> Int {
    guard let text else { return max(1, ProcessInfo.processInfo.activeProcessorCount) }
    guard let count = Int(text), count >= 1 else {
      throw CommandFailure(.usage, "--jobs expects a count of at least 1 (got '\(text)')")
    }
    return count
  }

  /// Runs `work` for `0..<count`, at most `jobs` at once, and hands each result to `deliver`
  /// in index order as soon as every earlier one has been delivered.
  static func forEachInOrder<Result: Sendable>(
    count: Int, jobs: Int, work: @escaping @Sendable (Int) async -> Result,
    deliver: (Int, Result) -> Void
  ) async {
    await withTaskGroup(of: (Int, Result).self) { group in
      var started = 0
      var nextToDeliver = 0
      var finished: [Int: Result] = [:]
      while started < min(jobs, count) {
        let index = started
        group.addTask { (index, await work(index)) }
        started += 1
      }
      while let (index, result) = await group.next() {
        finished[index] = result
        while let ready = finished.removeValue(forKey: nextToDeliver) {
          deliver(nextToDeliver, ready)
          nextToDeliver += 1
        }
        if started < count {
          let index = started
          group.addTask { (index, await work(index)) }
          started += 1
        }
      }
    }
  }

  /// Every file below `folder`, sorted, as paths that start with the folder as given.
  static func files(under folder: URL, as given: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    let prefix = given.hasSuffix("/") ? given : given + "/"
    var paths: [String] = []
    while let relative = enumerator.nextObject() as? String {
      paths.append(prefix + relative)
    }
    return paths.sorted()
  }
}
