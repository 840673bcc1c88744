import Feeds
import FixtureKit
import Foundation
import TableFlow

/// `tableflow replay FIXTURE`: replays a recorded session and prints its snapshot log.
///
/// The fixture names its feed, parameters and intents. A damaged fixture (such as the
/// `.partial` of a killed recording) replays its complete records, then reports the damage
/// and exits 65. With `--expect GOLDEN` the log is also compared with a golden file (exit 1
/// on a mismatch). Recorded requests the session never sent are named in a warning on
/// standard error (the log is unchanged).
public struct ReplayCommand: TableflowCommand {
  private let runner: SessionRunner

  init(runner: SessionRunner) { self.runner = runner }

  /// `replay`'s arguments.
  public var spec: CommandSpec {
    CommandSpec(
      name: "replay", summary: "Replays a recorded session and prints its snapshot log.",
      positionals: [.init("FIXTURE", help: "a recorded session (NAME.jsonl.gz or NAME.jsonl.gz.partial)")],
      options: [
        .init("--format", value: "FORMAT", allowed: ["text", "jsonl"], help: "log format (default text)"),
        .init("--expect", value: "GOLDEN", help: "compare the text log with this golden file"),
        .init(
          "--spec", value: "SPEC",
          help: "replay with the feed this spec file describes (default: the spec the fixture names)"),
        .init(
          "--redact", value: "NAME", repeatable: true,
          help: "redact NAME before matching, as the recording's --redact did"),
      ],
      flags: [
        .init("--full", help: "print every snapshot whole (text format)"),
        .init("--realtime", help: "wait out the recorded latencies instead of virtual time"),
      ])
  }

  /// Replays the fixture.
  public func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitCode {
    guard let path = arguments.positional(0) else { return .usage }
    let format = LogFormat(rawValue: arguments.value("--format") ?? "text") ?? .text
    do {
      let spec = try arguments.value("--spec").map { spec throws(CommandFailure) in
        try SpecFeedLoading.load(spec, io: io)
      }
      let capture = MemorySink()
      let transport = try SessionRunner.loadFixture(
        path,
        options: ReplayOptions(
          realtime: arguments.has("--realtime"),
          redaction: Redaction(extraNames: arguments.allValues("--redact"))))
      let code = try await replay(
        transport, spec: spec, format: format, full: arguments.has("--full"),
        sink: arguments.value("--expect") == nil ? io.out : TeeSink(io.out, capture), io: io)
      if let warning = Self.unusedWarning(await Self.unusedRequests(of: transport), fixture: path) {
        io.fail("warning: " + warning)
      }
      guard let golden = arguments.value("--expect") else { return code }
      return max(code, try compare(capture.text, withGolden: golden, io: io))
    } catch {
      io.fail(error.message)
      return error.code
    }
  }

  /// Replays `path` into `sink`; `observe` sees every event. Shared with `verify` and the
  /// default command.
  func replay(
    _ path: String, spec: SpecFeed? = nil, format: LogFormat = .text, full: Bool = false,
    realtime: Bool = false,
    redaction: Redaction = .standard, sink: any OutputSink, io: CommandIO,
    observe: (BusEvent) -> Void = { _ in }
  ) async throws(CommandFailure) -> ExitCode {
    let transport = try SessionRunner.loadFixture(
      path, options: ReplayOptions(realtime: realtime, redaction: redaction))
    return try await replay(
      transport, spec: spec, format: format, full: full, sink: sink, io: io, observe: observe)
  }

  /// Replays a loaded fixture into `sink`; errors name it by `transport.path`; `observe` sees
  /// every event.
  func replay(
    _ transport: ReplayTransport, spec: SpecFeed? = nil, format: LogFormat = .text, full: Bool = false,
    sink: any OutputSink, io: CommandIO, observe: (BusEvent) -> Void = { _ in }
  ) async throws(CommandFailure) -> ExitCode {
    // The header is data: a feed or parameter it names that this tool rejects is bad input (65).
    // A fixture recorded from a spec replays with that spec (or the one given with --spec).
    let feed: any Feed
    if let specFeed = try SpecFeedLoading.feed(replaying: transport, spec: spec, io: io) {
      feed = specFeed
    } else {
      do {
        feed = try runner.feed(named: transport.header.feed)
      } catch {
        throw CommandFailure(.dataError, "\(transport.path): header: \(error.message)")
      }
    }
    try SessionRunner.checkParameters(
      transport.header.params, of: feed, as: .dataError, source: "\(transport.path): header")
    let replaying: FeedSession
    do {
      replaying = try FeedSession(replaying: transport, feed: feed)
    } catch {
      throw CommandFailure(.dataError, error.description)
    }
    let session = SessionRunner.Session(run: replaying, source: transport.path, fixture: transport)
    let code = await runner.run(session, format: format, full: full, sink: sink, io: io, observe: observe)
    // Requests after the damage find no recorded answer; the damage is the cause (65).
    guard transport.damage != nil else { return code }
    return code >= .software ? code : .dataError
  }

  private func compare(
    _ log: String, withGolden golden: String, io: CommandIO
  ) throws(CommandFailure)
    -> ExitCode
  {
    try InputFile.requireRegularFile(golden)  // a FIFO would block the read
    guard let expected = FileManager.default.contents(atPath: golden) else {
      throw CommandFailure(.noInput, "\(golden): no such golden file")
    }
    let text = String(decoding: expected, as: UTF8.self)
    guard let line = GoldenLogDifference(expected: text, actual: log)?.line else { return .success }
    io.fail("\(golden): line \(line): the log differs from the golden file")
    return .goldenMismatch
  }
}

/// Writes to two sinks.
struct TeeSink: OutputSink {
  let first: any OutputSink
  let second: any OutputSink

  init(_ first: any OutputSink, _ second: any OutputSink) {
    self.first = first
    self.second = second
  }

  func write(_ text: String) {
    first.write(text)
    second.write(text)
  }

  func write(bytes: [UInt8]) {
    first.write(bytes: bytes)
    second.write(bytes: bytes)
  }

  func flush() {
    first.flush()
    second.flush()
  }
}
