import Foundation
import TableCore
import TableFlow
import TableFlowViewer

/// `tableflow view FIXTURE|LOG [-o PAGE.html]`: a session as one self-contained HTML page.
///
/// A fixture (`NAME.jsonl.gz`, recognised by its gzip header) is replayed through the pipeline;
/// any other file is read as a jsonl snapshot log (`replay --format jsonl`). The page holds
/// the intent timeline, each presented table drawn to scale and the stages of each change,
/// with no network access and no timestamps: the same input gives the same bytes.
struct ViewCommand: TableflowCommand {
  private let replayer: ReplayCommand

  init(replayer: ReplayCommand) { self.replayer = replayer }

  /// `view`'s arguments.
  var spec: CommandSpec {
    CommandSpec(
      name: "view", summary: "Writes a session as a self-contained HTML page.",
      positionals: [.init("FIXTURE|LOG", help: "a recorded session (NAME.jsonl.gz) or a jsonl snapshot log")],
      options: [.init("-o", value: "PAGE.html", help: "where to write the page (default: standard output)")],
      discussion:
        "The page needs no network: open it from disk in any browser. Keys: ← → step, space plays the stages.\n"
        + "Exit codes: 0 ok, 64 bad arguments, 65 bad input data, 66 missing file, 74 cannot write the page.")
  }

  /// Writes the page.
  func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitCode {
    guard let path = arguments.positional(0) else { return .usage }
    do {
      if let output = arguments.value("-o") { try OutputFile.check(output, inputs: [path]) }
      let (page, code) = try await Self.page(of: path, replayer: replayer, io: io)
      try write(page.html(generator: io.tool.description), to: arguments.value("-o"), input: path, io: io)
      return code
    } catch {
      io.fail(error.message)
      return error.code
    }
  }

  /// The page model of a fixture or a jsonl log, and the exit code its reading deserves (65
  /// when a damaged fixture was drawn up to its damage).
  static func page(
    of path: String, replayer: ReplayCommand, io: CommandIO
  ) async throws(CommandFailure) -> (SessionPage, ExitCode) {
    // A FIFO or device would block `open` or be read forever: refused before it is opened.
    try InputFile.requireRegularFile(path)
    let title = URL(fileURLWithPath: path).lastPathComponent
    guard !isGzip(path) else { return try await fixturePage(path, title: title, replayer: replayer, io: io) }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandFailure(.ioError, "\(path): cannot read")
    }
    var builder = SessionPageBuilder()
    var lineNumber = 0
    for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      guard !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) else { continue }
      do {
        try builder.addLogLine(String(decoding: line, as: UTF8.self))
      } catch {
        if lineNumber == 1 && line.first != UInt8(ascii: "{") {
          throw CommandFailure(
            .dataError,
            "not a fixture (no gzip header) nor a jsonl log (line 1 is not a JSON object); a text log "
              + "cannot be drawn: view the fixture, or a '\(io.tool.name) replay FIXTURE --format jsonl' log (\(path))"
          )
        }
        throw CommandFailure(.dataError, "\(error.message) (\(path), line \(lineNumber))")
      }
    }
    return (builder.page(title: title), .success)
  }

  private static func fixturePage(
    _ path: String, title: String, replayer: ReplayCommand, io: CommandIO
  ) async throws(CommandFailure) -> (SessionPage, ExitCode) {
    let transport = try SessionRunner.loadFixture(path)
    var builder = SessionPageBuilder()
    var quiet = io
    quiet.err = DiscardingSink()  // the session's own failures are drawn on the page
    _ = try await replayer.replay(transport, format: .jsonl, sink: DiscardingSink(), io: quiet) {
      builder.add($0.event)
    }
    if let damage = transport.damage {
      // Drawn up to the damage; the damage is bad input all the same.
      io.fail(damage.description)
      return (builder.page(title: title), .dataError)
    }
    return (builder.page(title: title), .success)
  }

  private static func isGzip(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let magic = (try? handle.read(upToCount: 2)) ?? Data()
    return magic == Data([0x1F, 0x8B])
  }

  private func write(_ html: String, to path: String?, input: String, io: CommandIO) throws(CommandFailure) {
    guard let path else {
      io.out.write(html)
      return
    }
    try OutputFile.write(html.utf8, to: path, inputs: [input])
  }
}
