import Foundation

/// `tableflow verify [DIR] [--update]`: replays every fixture under a folder against the
/// golden log beside it.
///
/// A fixture `NAME.jsonl.gz` pairs with the golden `NAME.log`. A mismatch exits 1; with
/// `--update` the new log is written to `NAME.log.new` for review and the golden is never
/// touched. Goldens without a fixture and fixtures without a golden are reported.
public struct VerifyCommand: TableflowCommand {
  private let replayer: ReplayCommand

  init(replayer: ReplayCommand) {
    self.replayer = replayer
  }

  /// Replays one fixture into memory: its text log, the session's exit code and, for the
  /// `--html` report, its page.
  private func replay(
    _ fixture: URL, io: CommandIO, drawing: Bool = false
  ) async -> (log: String, code: ExitCode, page: SessionPage?) {
    let log = MemorySink()
    var builder = SessionPageBuilder()
    do {
      let code = try await replayer.replay(fixture.path, sink: log, io: io) { event in
        if drawing { builder.add(event.event) }
      }
      return (log.text, code, drawing ? builder.page(title: fixture.lastPathComponent) : nil)
    } catch {
      io.fail(error.message)
      return (log.text, error.code, nil)
    }
  }

  /// `verify`'s arguments.
  public var spec: CommandSpec {
    CommandSpec(
      name: "verify", summary: "Replays every fixture under DIR against its golden log.",
      positionals: [.init("DIR", required: false, help: "folder to search (default: Fixtures)")],
      options: [
        .init(
          "--html", value: "REPORT.html",
          help: "also write a review page: every verdict, golden and new side by side per step")
      ],
      flags: [.init("--update", help: "write NAME.log.new beside each mismatch (goldens untouched)")],
      discussion: "A fixture NAME.jsonl.gz is checked against NAME.log in the same folder.")
  }

  /// Verifies every pair under the folder.
  public func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitCode {
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
    let fixtures = files.filter { $0.hasSuffix(".jsonl.gz") }
    let goldens = Set(files.filter { $0.hasSuffix(".log") })
    if fixtures.isEmpty && goldens.isEmpty {
      io.fail("\(given): no fixtures (*.jsonl.gz) or golden logs (*.log) to verify")
      return .noInput
    }
    var worst = ExitCode.success
    var passed = 0
    var failed = 0
    let update = arguments.has("--update")
    var report = arguments.value("--html").map { _ in VerifyReport(title: "tableflow verify \(given)") }
    let drawing = report != nil
    for fixture in fixtures {
      let golden = String(fixture.dropLast(".jsonl.gz".count)) + ".log"
      guard goldens.contains(golden) else {
        io.fail("\(fixture): no golden log (expected \(golden))")
        var log = ""
        var page: SessionPage?
        if update || drawing {
          (log, _, page) = await replay(URL(fileURLWithPath: fixture), io: io, drawing: drawing)
        }
        if update { worst = max(worst, write(log, to: golden + ".new", io: io)) }
        report?.entries.append(
          VerifyReport.Entry(
            path: fixture, verdict: .orphan, note: "no golden log (expected \(golden))",
            accept: Self.acceptCommand(golden: golden, folder: given, updated: update), goldenPath: golden,
            golden: "", new: log, page: page))
        worst = max(worst, .goldenMismatch)
        failed += 1
        continue
      }
      let (log, code, page) = await replay(URL(fileURLWithPath: fixture), io: io, drawing: drawing)
      let expected = (try? Data(contentsOf: URL(fileURLWithPath: golden))).map {
        String(decoding: $0, as: UTF8.self)
      }
      var entry = VerifyReport.Entry(
        path: fixture, verdict: .pass, goldenPath: golden, golden: expected ?? "", new: log, page: page)
      defer { report?.entries.append(entry) }
      if expected == log && code == .success {
        io.out.line("ok    \(fixture)")
        passed += 1
        continue
      }
      failed += 1
      entry.verdict = .fail
      if expected != log {
        let line = GoldenLog.firstDifferingLine(expected: expected ?? "", actual: log) ?? 1
        io.out.line("FAIL  \(fixture): log differs from \(golden) at line \(line)")
        entry.note = "the log differs from \(golden) at line \(line)"
        entry.accept = Self.acceptCommand(golden: golden, folder: given, updated: update)
        worst = max(worst, .goldenMismatch)
        if update {
          worst = max(worst, write(log, to: golden + ".new", io: io))
        }
      } else {
        io.out.line("FAIL  \(fixture): replay exited \(code.rawValue)")
        entry.note = "the replay exited \(code.rawValue)"
      }
      worst = max(worst, code)
    }
    for golden in goldens.sorted()
    where !fixtures.contains(String(golden.dropLast(".log".count)) + ".jsonl.gz") {
      io.fail("\(golden): golden log without a fixture")
      let text = (try? Data(contentsOf: URL(fileURLWithPath: golden))).map {
        String(decoding: $0, as: UTF8.self)
      }
      report?.entries.append(
        VerifyReport.Entry(
          path: golden, verdict: .orphan, note: "golden log without a fixture", goldenPath: golden,
          golden: text ?? "", new: ""))
      worst = max(worst, .goldenMismatch)
      failed += 1
    }
    io.out.line("\(passed) passed, \(failed) failed")
    if let report, let path = arguments.value("--html") {
      do {
        try Data(report.html().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        io.out.line("wrote \(path)")
      } catch {
        io.fail("\(path): cannot write the report: \(error.localizedDescription)")
        worst = max(worst, .ioError)
      }
    }
    return worst
  }

  /// The command that accepts a fixture's new log: moving the `.new` file `--update` wrote
  /// over the golden (preceded by that `--update` run when it was not one).
  static func acceptCommand(golden: String, folder: String, updated: Bool) -> String {
    let move = "mv \(VerifyReport.shellQuoted(golden + ".new")) \(VerifyReport.shellQuoted(golden))"
    return updated ? move : "tableflow verify \(VerifyReport.shellQuoted(folder)) --update && " + move
  }

  private func write(_ log: String, to path: String, io: CommandIO) -> ExitCode {
    do {
      try Data(log.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
      io.out.line("wrote \(path): review it, then move it over the golden")
      return .success
    } catch {
      io.fail("\(path): cannot write: \(error.localizedDescription)")
      return .ioError
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
