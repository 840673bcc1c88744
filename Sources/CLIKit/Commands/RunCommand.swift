import FixtureKit
import Foundation
import TableFlow

/// `tableflow run FEED`: runs a built-in feed against a live server or a fixture, optionally
/// recording, and prints its snapshot log.
public struct RunCommand: TableflowCommand {
  private let runner: SessionRunner

  init(runner: SessionRunner) { self.runner = runner }

  /// `run`'s arguments.
  public var spec: CommandSpec {
    CommandSpec(
      name: "run", summary: "Runs a feed live or from a fixture, optionally recording it.",
      positionals: [
        .init("FEED", required: false, help: "a feed (see 'tableflow feeds'), unless --spec is given")
      ],
      options: [
        .init("--spec", value: "SPEC", help: "run the feed a spec file describes (NAME.tableflow.json)"),
        .init("--live", value: "URL", help: "the backend's base URL, which may carry a path prefix"),
        .init("--fixture", value: "PATH", help: "answer requests from this recorded session"),
        .init("--intents", value: "FILE", help: "one intent a line (default: load, or the fixture's)"),
        .init("--record", value: "PATH", help: "record the live session into PATH (.jsonl.gz)"),
        .init("--param", value: "K=V", repeatable: true, help: "a feed parameter, e.g. user=pmtao"),
        .init(
          "--header", value: "'Name: value'", repeatable: true,
          help: "a header for live requests (recorded as REDACTED, never sent to another origin)"),
        .init(
          "--redact", value: "NAME", repeatable: true,
          help: "also redact values named NAME (header, key, field)"),
        .init("--timeout", value: "S", help: "total deadline per live request in seconds (default 60)"),
        .init(
          "--max-response-bytes", value: "N",
          help: "cap on a live response's decoded body (default 268435456, 256 MiB)"),
        .init(
          "--max-session-bytes", value: "N",
          help: "cap on every live response's decoded body together (default 1073741824, 1 GiB)"),
        .init("--format", value: "FORMAT", allowed: ["text", "jsonl"], help: "log format (default text)"),
      ],
      flags: [
        .init("--full", help: "print every snapshot whole (text format)"),
        .init("--follow-redirects", help: "follow redirects to another origin, without credentials"),
      ],
      discussion: """
        Give --live, --fixture, or both. With both, TABLEFLOW_RECORD=missing sends the requests \
        the fixture lacks live (and =all sends every request live); the default, none, replays only.
        Intents: load, refresh, select ROW_ID, collapse SECTION_ID, expand SECTION_ID,
        load-more SECTION_ID, back; blank lines and # comments are ignored. Each intent is sent \
        once the previous one has settled, unless the previous line ends in ' &'.
        """)
  }

  /// Runs the feed.
  public func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitCode {
    do {
      return try await runChecked(arguments, io: io)
    } catch {
      io.fail(error.message)
      return error.code
    }
  }

  private func runChecked(
    _ arguments: ParsedArguments, io: CommandIO
  ) async throws(CommandFailure)
    -> ExitCode
  {
    let specFeed = try arguments.value("--spec").map { path throws(CommandFailure) in
      try SpecFeedLoading.load(path, io: io)
    }
    let feed: any Feed
    switch (arguments.positional(0), specFeed) {
    case (let name?, nil): feed = try runner.feed(named: name)
    case (nil, let spec?): feed = spec
    case (nil, nil): throw CommandFailure(.usage, "run expects a FEED or --spec SPEC")
    case (_?, _?): throw CommandFailure(.usage, "run takes a FEED or --spec SPEC, not both")
    }
    let parameters = try Self.parameters(arguments.allValues("--param"))
    let headers = try Self.headers(arguments.allValues("--header"))
    let redaction = Redaction(extraNames: arguments.allValues("--redact"))
    let timeout = try Self.timeout(arguments.value("--timeout"))
    let maximumBytes = try Self.maximumResponseBytes(arguments.value("--max-response-bytes"))
    let sessionBytes = try Self.maximumSessionBytes(arguments.value("--max-session-bytes"))
    let live = try arguments.value("--live").map { url throws(CommandFailure) in
      do {
        return try HTTPTransport(
          baseURL: url, headers: headers, timeout: timeout, maximumResponseBytes: maximumBytes,
          maximumSessionBytes: sessionBytes, followsCrossOriginRedirects: arguments.has("--follow-redirects"))
      } catch {
        // The base URL's secrets (credentials, secret query values) never reach stderr.
        var redactor = Redactor(redaction)
        _ = redactor.redactBaseURL(url)
        throw CommandFailure(.usage, "--live: " + redactor.scrub("\(error)"))
      }
    }
    let fixturePath = arguments.value("--fixture")
    let recordPath = arguments.value("--record")
    guard live != nil || fixturePath != nil else {
      throw CommandFailure(.usage, "run needs --live URL or --fixture PATH (or both)")
    }
    if recordPath != nil && live == nil {
      throw CommandFailure(.usage, "--record needs --live URL to record from")
    }
    // Everything that can be checked is checked before the recorder creates a file.
    try SessionRunner.checkParameters(parameters, of: feed, as: .usage, source: "--param")
    let intents = try arguments.value("--intents").map(Self.intents(fromFile:))
    let mode = try fixturePath.map { _ throws(CommandFailure) in
      try Self.recordMode(io.environment, hasLive: live != nil)
    }
    let recorder = try recordPath.map { path throws(CommandFailure) in
      try Self.startRecording(
        path, tool: io.tool, feed: feed, spec: specFeed.map(SpecFeedLoading.source(of:)),
        base: arguments.value("--live"), params: parameters, redaction: redaction,
        transportHeaders: live?.addedHeaders ?? [])
    }
    let transport: any Transport
    let source: String
    var replayed: ReplayTransport?
    do throws(CommandFailure) {
      if let fixturePath {
        let replay = try SessionRunner.loadFixture(
          fixturePath, options: ReplayOptions(mode: mode ?? .none, live: live, redaction: redaction))
        transport = replay
        replayed = replay
        source = fixturePath
        if let specFeed { _ = try SpecFeedLoading.feed(replaying: replay, spec: specFeed, io: io) }
      } else if let live {
        transport = live
        // Error lines name the base URL without its secrets (`?api_key=REDACTED`).
        var redactor = Redactor(redaction)
        source = redactor.redactBaseURL(live.baseURL)
      } else {
        throw CommandFailure(.usage, "run needs --live URL or --fixture PATH")
      }
    } catch {
      // The session never started: its partial file holds nothing worth keeping.
      await recorder?.abandon()
      throw error
    }
    var run = FeedSession(
      feed: feed, transport: transport, script: intents ?? [ScriptedIntent(.load)],
      options: PipelineOptions(parameters: parameters), recorder: recorder)
    if let replayed, intents == nil {
      // The fixture's own intents, in the order it applied them, read as the session goes.
      do {
        run = try FeedSession(replaying: replayed, feed: feed)
      } catch {
        await recorder?.abandon()
        throw CommandFailure(.dataError, error.description)
      }
      run.options.parameters = parameters
      run.recorder = recorder
    }
    let session = SessionRunner.Session(
      run: run, source: source, fixture: (mode ?? RecordMode.none) == RecordMode.none ? replayed : nil)
    let format = LogFormat(rawValue: arguments.value("--format") ?? "text") ?? .text
    // With a recorder, the session is recorded and the runner reports what became of it.
    return await runner.run(session, format: format, full: arguments.has("--full"), sink: io.out, io: io)
  }

  /// Creates the recorder, or fails with 74 (the path is a directory, the partial file is
  /// held by another recording or cannot be created).
  private static func startRecording(
    _ path: String, tool: ToolIdentity, feed: any Feed, spec: FixtureHeader.SpecSource?, base: String?,
    params: FeedParameters, redaction: Redaction, transportHeaders: [NameValue]
  ) throws(CommandFailure) -> SessionRecorder {
    do {
      return try SessionRecorder(
        path: path, feed: feed.name, tool: tool.description, base: base, params: params, spec: spec,
        redaction: redaction, transportHeaders: transportHeaders)
    } catch {
      throw CommandFailure(.ioError, "\(error)")
    }
  }

  static func parameters(_ pairs: [String]) throws(CommandFailure) -> FeedParameters {
    var parameters: FeedParameters = [:]
    for pair in pairs {
      guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
        throw CommandFailure(.usage, "--param expects K=V (got '\(pair)')")
      }
      parameters[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    return parameters
  }

  static func timeout(_ text: String?) throws(CommandFailure) -> Duration {
    guard let text else { return .seconds(60) }
    guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
      throw CommandFailure(.usage, "--timeout expects seconds between 0 and 86400 (got '\(text.prefix(40))')")
    }
    return .milliseconds(Int64((seconds * 1000).rounded(.up)))
  }

  static func maximumResponseBytes(_ text: String?) throws(CommandFailure) -> Int {
    guard let text else { return HTTPTransport.defaultMaximumResponseBytes }
    guard let bytes = Int(text), bytes > 0 else {
      throw CommandFailure(
        .usage, "--max-response-bytes expects a positive number of bytes (got '\(text.prefix(40))')")
    }
    return bytes
  }

  /// The default of `--max-session-bytes`: 1 GiB, four times the default response cap.
  static let defaultMaximumSessionBytes = 1 << 30

  static func maximumSessionBytes(_ text: String?) throws(CommandFailure) -> Int {
    guard let text else { return defaultMaximumSessionBytes }
    guard let bytes = Int(text), bytes > 0 else {
      throw CommandFailure(
        .usage, "--max-session-bytes expects a positive number of bytes (got '\(text.prefix(40))')")
    }
    return bytes
  }

  static func headers(_ lines: [String]) throws(CommandFailure) -> [NameValue] {
    try lines.map { line throws(CommandFailure) in
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
        throw CommandFailure(.usage, "--header expects 'Name: value' (got '\(line)')")
      }
      let value = line[line.index(after: colon)...].drop { $0 == " " }
      return NameValue(String(line[..<colon]), String(value))
    }
  }

  static func intents(fromFile path: String) throws(CommandFailure) -> [ScriptedIntent] {
    try InputFile.requireRegularFile(path)  // a FIFO would block the read
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandFailure(.noInput, "\(path): no such intents file")
    }
    do {
      return try ScriptedIntent.parseScript(String(decoding: data, as: UTF8.self))
    } catch {
      throw CommandFailure(.dataError, "\(path): \(error)")
    }
  }

  static func recordMode(
    _ environment: [String: String], hasLive: Bool
  ) throws(CommandFailure)
    -> RecordMode
  {
    guard let name = environment["TABLEFLOW_RECORD"], !name.isEmpty else { return .none }
    guard let mode = RecordMode(rawValue: name) else {
      throw CommandFailure(.usage, "TABLEFLOW_RECORD must be none, missing or all (got '\(name)')")
    }
    if mode != .none && environment["CI"] == "true" {
      throw CommandFailure(.usage, "TABLEFLOW_RECORD=\(name) is refused when CI=true: CI replays only")
    }
    if mode != .none && !hasLive {
      throw CommandFailure(.usage, "TABLEFLOW_RECORD=\(name) needs --live URL")
    }
    return mode
  }
}
