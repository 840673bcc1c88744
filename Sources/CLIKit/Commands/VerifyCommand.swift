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

  /// Replays one fixture into memory: its text log and the session's exit code.
  private func replay(_ fixture: URL, io: CommandIO) async -> (log: String, code: ExitCode) {
    let log = MemorySink()
    do {
      let code = try await replayer.replay(fixture.path, sink: log, io: io)
      return (log.text, code)
    } catch {
      io.fail(error.message)
      return (log.text, error.code)
    }
  }

  /// `verify`'s arguments.
  public var spec: CommandSpec {
    CommandSpec(
      name: "verify", summary: "Replays every fixture under DIR against its golden log.",
      positionals: [.init("DIR", required: false, help: "folder to search (default: Fixtures)")],
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
    for fixture in fixtures {
      let golden = String(fixture.dropLast(".jsonl.gz".count)) + ".log"
      guard goldens.contains(golden) else {
        io.fail("\(fixture): no golden log (expected \(golden))")
        if arguments.has("--update") {
          let (log, _) = await replay(URL(fileURLWithPath: fixture), io: io)
          worst = max(worst, write(log, to: golden + ".new", io: io))
        }
        worst = max(worst, .goldenMismatch)
        failed += 1
        continue
      }
      let (log, code) = await replay(URL(fileURLWithPath: fixture), io: io)
      let expected = (try? Data(contentsOf: URL(fileURLWithPath: golden))).map {
        String(decoding: $0, as: UTF8.self)
      }
      if expected == log && code == .success {
        io.out.line("ok    \(fixture)")
        passed += 1
        continue
      }
      failed += 1
      if expected != log {
        let line = GoldenLog.firstDifferingLine(expected: expected ?? "", actual: log) ?? 1
        io.out.line("FAIL  \(fixture): log differs from \(golden) at line \(line)")
        worst = max(worst, .goldenMismatch)
        if arguments.has("--update") {
          worst = max(worst, write(log, to: golden + ".new", io: io))
        }
      } else {
        io.out.line("FAIL  \(fixture): replay exited \(code.rawValue)")
      }
      worst = max(worst, code)
    }
    for golden in goldens.sorted()
    where !fixtures.contains(String(golden.dropLast(".log".count)) + ".jsonl.gz") {
      io.fail("\(golden): golden log without a fixture")
      worst = max(worst, .goldenMismatch)
      failed += 1
    }
    io.out.line("\(passed) passed, \(failed) failed")
    return worst
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
