import FixtureKit
import Foundation
import TableCore
import TableFlow
import TableFlowViewer

extension VerifyCommand {
  /// What checking one entry printed and concluded.
  struct Outcome: Sendable {
    var out: String
    var err: String
    var code: ExitCode
    var passed: Bool
    /// The entry's part of the `--html` report, when one is written.
    var report: VerifyReport.Entry?
    /// The entry's verdict for the other reports.
    var result: SessionResult
    /// The session's duration for the timings file: measured now, or when it last passed
    /// (cached); `nil` when nothing was replayed.
    var milliseconds: Double?
  }

  /// How one entry is checked: what the run's options say about every entry.
  struct CheckSettings: Sendable {
    var update = false
    var strict = false
    var environment: [String: String] = [:]
    var tool = ToolIdentity.tableflow
    var report: VerifyReport.Context?
    var cache: VerifyCache?
  }

  /// Checks one entry as `settings` say, writing into memory so that entries checked at once
  /// print in order.
  func check(_ entry: VerifyPlan.Entry, settings: CheckSettings) async -> Outcome {
    let out = MemorySink()
    let err = MemorySink()
    let io = CommandIO(out: out, err: err, environment: settings.environment, tool: settings.tool)
    let golden = entry.stem + VerifyPlan.goldenSuffix
    var result = SessionResult(
      stem: entry.stem, fixture: entry.fixture, golden: golden, status: .failed, exit: .success)
    var drawn = settings.report.map { _ in
      VerifyReport.Entry(path: entry.fixture ?? entry.stem, verdict: .pass)
    }
    let inputs = settings.cache.flatMap { _ in VerifyCache.inputs(of: entry) }
    let address = inputs.map {
      VerifyCache.address(of: $0, tool: settings.tool.description, strict: settings.strict)
    }
    if let cache = settings.cache, let address, let fixture = entry.fixture,
      let milliseconds = cache.lookUp(address, io: io)
    {
      io.out.line("ok    \(TextEscaping.inline(fixture)) (cached)")
      result.status = .cached
      return Outcome(
        out: out.text, err: err.text, code: .success, passed: true, report: drawn, result: result,
        milliseconds: milliseconds)
    }
    let (code, passed) = await check(entry, settings: settings, io: io, report: &drawn, result: &result)
    result.status = passed ? .passed : .failed
    result.exit = code
    if var filled = drawn, let context = settings.report {
      if filled.verdict == .fail && filled.new != filled.golden
        || filled.verdict == .orphan && entry.fixture != nil
      {
        filled.accept = context.acceptCommand(golden: filled.goldenPath)
      }
      drawn = filled
    }
    if passed, let cache = settings.cache, let address, let fixture = entry.fixture {
      do throws(CommandFailure) {
        try cache.store(address, fixture: fixture, milliseconds: result.durationMilliseconds)
      } catch {
        io.fail("warning: \(error.message) (the cache entry was not written)")
      }
    }
    return Outcome(
      out: out.text, err: err.text, code: code, passed: passed, report: drawn, result: result,
      milliseconds: entry.fixture == nil ? nil : result.durationMilliseconds)
  }

  private func check(
    _ entry: VerifyPlan.Entry, settings: CheckSettings, io: CommandIO, report: inout VerifyReport.Entry?,
    result: inout SessionResult
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
      let note = entry.golden != nil ? "golden log without a fixture" : "expectation without a fixture"
      report?.verdict = .orphan
      report?.note = note
      result.messages.append("\(entry.golden ?? entry.expectation ?? entry.stem): \(note)")
      return (.goldenMismatch, false)
    }
    let goldenPath = entry.stem + VerifyPlan.goldenSuffix
    let expectation: SessionExpectation
    do {
      expectation = try entry.expectation.map(Self.expectation(at:)) ?? .success
    } catch {
      io.fail(error.message)
      result.messages.append(error.message)
      return (error.code, false)
    }
    let sessionErr = MemorySink()
    let sessionIO = CommandIO(out: io.out, err: sessionErr, environment: io.environment, tool: io.tool)
    var replayed = (log: "", code: ExitCode.software, page: SessionPage?.none, unused: [RecordedRequest]())
    let drawing = report != nil
    let elapsed = await clock.measure { replayed = await replay(fixture, io: sessionIO, drawing: drawing) }
    let (log, code, page, unused) = replayed
    result.durationMilliseconds = SessionResult.milliseconds(elapsed)
    result.unusedRequests = unused.map(ReplayCommand.describe)
    report?.new = log
    report?.page = page
    guard let golden = entry.golden else {
      report?.verdict = .orphan
      report?.note = "no golden log (expected \(goldenPath))"
      io.err.write(sessionErr.text)
      io.fail("\(fixture): no golden log (expected \(goldenPath))")
      result.messages.append("\(fixture): no golden log (expected \(goldenPath))")
      let written = settings.update ? write(log, to: goldenPath + ".new", io: io) : .success
      return (max(.goldenMismatch, written), false)
    }
    let expected = FileManager.default.contents(atPath: golden).map { String(decoding: $0, as: UTF8.self) }
    report?.golden = expected ?? ""
    let mismatch = expectation.mismatch(code: code, stderr: sessionErr.text)
    let unusedFails = settings.strict && !unused.isEmpty
    if let warning = ReplayCommand.unusedWarning(unused, fixture: fixture), !unusedFails {
      io.fail("warning: " + warning)
    }
    if expected == log && mismatch == nil && !unusedFails {
      if expectation.exitCode == .success {
        io.err.write(sessionErr.text)
        io.out.line("ok    \(TextEscaping.inline(fixture))")
      } else {
        io.out.line("ok    \(TextEscaping.inline(fixture)) (exit \(code.rawValue), as expected)")
        result.expectedExit = code
      }
      return (.success, true)
    }
    io.err.write(sessionErr.text)
    var worst = ExitCode.success
    report?.verdict = .fail
    var notes: [String] = []
    if expected != log {
      let difference = GoldenLogDifference(expected: expected ?? "", actual: log)
      let line = difference?.line ?? 1
      let message = "\(fixture): log differs from \(golden) at line \(line)"
      io.out.line("FAIL  " + TextEscaping.inline(message))
      notes.append("the log differs from \(golden) at line \(line)")
      result.messages.append(message)
      result.difference = difference.map(SessionResult.Difference.init)
      result.diff = ShortDiff.text(expected: expected ?? "", actual: log)
      worst = .goldenMismatch
      if settings.update { worst = max(worst, write(log, to: golden + ".new", io: io)) }
    }
    if let mismatch {
      io.out.line("FAIL  " + TextEscaping.inline("\(fixture): \(mismatch)"))
      notes.append(mismatch)
      result.messages.append("\(fixture): \(mismatch)")
      worst = max(worst, code == expectation.exitCode || code == .success ? .goldenMismatch : code)
    }
    if unusedFails, let message = ReplayCommand.unusedWarning(unused, fixture: fixture) {
      io.out.line("FAIL  " + TextEscaping.inline(message) + " (--strict)")
      notes.append(message)
      result.messages.append(message + " (--strict)")
      worst = max(worst, .goldenMismatch)
    }
    report?.note = notes.joined(separator: "; ")
    return (worst, false)
  }

  /// Replays one fixture into memory: its text log, the session's exit code, for the `--html`
  /// report its page, and the recorded requests it never sent.
  private func replay(
    _ fixture: String, io: CommandIO, drawing: Bool
  ) async -> (log: String, code: ExitCode, page: SessionPage?, unused: [RecordedRequest]) {
    let log = MemorySink()
    var builder = SessionPageBuilder()
    do {
      let transport = try SessionRunner.loadFixture(fixture)
      let code = try await replayer.replay(transport, sink: log, io: io) { event in
        if drawing { builder.add(event.event) }
      }
      let unused = await ReplayCommand.unusedRequests(of: transport)
      let title = URL(fileURLWithPath: fixture).lastPathComponent
      return (log.text, code, drawing ? builder.page(title: title) : nil, unused)
    } catch {
      io.fail(error.message)
      return (log.text, error.code, nil, [])
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
}
