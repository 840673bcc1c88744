import TableCore

/// One session of a feed, run once and logged: the feed, where its requests go, the intents,
/// and optionally a recording.
///
/// The one session runner: `tableflow run`, `replay` and `verify`, `assertSession` and the
/// package's own tests all run their sessions through ``run(log:full:keepsLog:onEvent:)``,
/// which records or not, and writes the snapshot log, the same way for all of them.
///
/// ```swift
/// let fixture = try ReplayTransport(path: "Fixtures/books/session.jsonl.gz")
/// let session = try FeedSession(replaying: fixture, feed: BooksFeed())
/// let outcome = try await session.run()
/// print(outcome.log, terminator: "")
/// ```
public struct FeedSession: Sendable {
  /// The feed to run.
  public var feed: any Feed
  /// Where requests go: a live transport, or a ``ReplayTransport`` (in any record mode).
  public var transport: any Transport
  /// The intents, each sent once the previous one has settled unless it says otherwise. Empty
  /// for a session replaying a fixture (``init(replaying:feed:options:)``), which reads them
  /// from the fixture as it goes.
  public var script: [ScriptedIntent]
  /// The fixture whose intents drive the session, read as it goes.
  var replayed: ReplayTransport?
  /// The pipeline's options: parameters, the replay order, the schedule seed. Their
  /// `recorder` is ignored; set ``recorder`` instead.
  public var options: PipelineOptions
  /// The recording to write, if the session is recorded; running the session finishes it.
  public var recorder: SessionRecorder?
  /// When a recording replaces the fixture at its recorder's path.
  public var replacing: FixtureReplacement

  /// Creates a session.
  /// - Parameters:
  ///   - feed: The feed to run.
  ///   - transport: Where its requests go.
  ///   - script: The intents; by default `load`.
  ///   - options: The pipeline's options (their `recorder` is ignored).
  ///   - recorder: Where to record the session, if anywhere.
  ///   - replacing: When the recording replaces its fixture; by default only when the session
  ///     ends without a failure.
  public init(
    feed: any Feed, transport: any Transport, script: [ScriptedIntent] = [ScriptedIntent(.load)],
    options: PipelineOptions = PipelineOptions(), recorder: SessionRecorder? = nil,
    replacing: FixtureReplacement = .whenSessionSucceeds
  ) {
    self.feed = feed
    self.transport = transport
    self.script = script
    self.options = options
    self.recorder = recorder
    self.replacing = replacing
  }

  /// The session a fixture recorded, replayed as it was recorded: the fixture's parameters,
  /// its intents and the order it applied them and their answers in, all read from the fixture
  /// as the session goes, so the first snapshot shows before the rest of the file is read.
  ///
  /// Intents recorded before the first request are sent each once the previous one has
  /// settled; from the first intent recorded after a request on, the recorded order decides.
  /// An intent that cannot be replayed ends the reading there, as damage does (see
  /// ``ReplayTransport/damage``).
  /// - Parameters:
  ///   - fixture: The loaded fixture; it also answers the session's requests.
  ///   - feed: The feed the fixture's header names.
  ///   - options: Further options; their parameters and replay order are the fixture's.
  /// - Throws: ``RecordedIntentError`` when an intent before the fixture's first request (read
  ///   when it was loaded) cannot be replayed: nothing runs.
  public init(
    replaying fixture: ReplayTransport, feed: any Feed, options: PipelineOptions = PipelineOptions()
  ) throws(RecordedIntentError) {
    if let error = fixture.leadingIntentError { throw error }
    var options = options
    options.parameters = fixture.header.params
    options.replayOrder = nil
    options.replaySteps = fixture.steps
    self.init(feed: feed, transport: fixture, script: [], options: options)
    replayed = fixture
  }

  /// Runs the session to its end, writing its snapshot log, and finishes the recording.
  ///
  /// Each event's log lines are handed to `onEvent` with the event, in applied order (see
  /// ``Pipeline/run(script:onEvent:)``), on the caller's task, as the session runs (a recording
  /// has written each intent and answer before its log lines are handed out). With a ``recorder``, the recording then replaces its fixture when
  /// ``replacing`` allows it and is otherwise kept at its partial path (see
  /// ``Pipeline/record(script:feed:transport:into:options:replacing:onEvent:)``). Cancelling the
  /// calling task stops the session; the outcome then says `wasCancelled`, and a recording is
  /// kept as its partial file.
  /// - Parameters:
  ///   - format: The log's format.
  ///   - full: Whether the text log prints every snapshot whole.
  ///   - keepsLog: Whether the outcome holds the whole log (a long session streamed to a file
  ///     need not keep it in memory too).
  ///   - onEvent: Called with every event and its log lines (empty for events the log leaves
  ///     out).
  /// - Returns: The session's outcome, the recording's and, if kept, the log.
  /// - Throws: ``FeedError`` when the feed rejects its parameters: nothing ran, and a
  ///   recording is abandoned (its partial file removed).
  public func run(
    log format: LogFormat = .text, full: Bool = false, keepsLog: Bool = true,
    onEvent: (_ event: BusEvent, _ logLines: String) -> Void = { _, _ in }
  ) async throws(FeedError) -> FeedSessionOutcome {
    try await run(format: format, full: full, keepsLog: keepsLog, output: nil, onEvent: onEvent)
  }

  /// Runs the session to its end as ``run(log:full:keepsLog:onEvent:)`` does, handing the
  /// log's text to `output` as it is written instead of with each event: in order, in
  /// pieces of whole lines (a piece of a text log at most about 64 KB plus a line), so that a
  /// snapshot of 100,000 rows printed whole is never one string. What a file or a pipe is
  /// written from (`tableflow replay` writes its standard output this way).
  /// - Parameters:
  ///   - format: The log's format.
  ///   - full: Whether the text log prints every snapshot whole.
  ///   - output: Takes the log's text, piece by piece, on the caller's task.
  ///   - onEvent: Called with every event, after its text went to `output`; its log lines
  ///     are always empty here.
  /// - Returns: The session's outcome and the recording's (the outcome keeps no log).
  /// - Throws: ``FeedError`` when the feed rejects its parameters.
  public func run(
    log format: LogFormat = .text, full: Bool = false, streamingTo output: (String) -> Void,
    onEvent: (_ event: BusEvent, _ logLines: String) -> Void = { _, _ in }
  ) async throws(FeedError) -> FeedSessionOutcome {
    // The writer keeps `output` only for this call.
    try await withoutActuallyEscaping(output) { output async throws(FeedError) in
      try await run(format: format, full: full, keepsLog: false, output: output, onEvent: onEvent)
    }
  }

  private func run(
    format: LogFormat, full: Bool, keepsLog: Bool, output: ((String) -> Void)?,
    onEvent: (_ event: BusEvent, _ logLines: String) -> Void
  ) async throws(FeedError) -> FeedSessionOutcome {
    var writer = format.makeWriter(full: full)
    if let output, var text = writer as? TextLogWriter {
      text.spill = TextSpill(output)
      writer = text
    }
    var log = ""
    // One buffer the writer writes each event's lines into, reused from event to event, unless
    // one event's lines were large (a whole table printed): that room is given back, so the
    // session does not hold the text of its largest snapshot to its end.
    var lines = ""
    func handle(_ event: BusEvent) {
      writer.write(event, to: &lines)
      if keepsLog { log += lines }
      if let output {
        if !lines.isEmpty { output(lines) }
        onEvent(event, "")
      } else {
        onEvent(event, lines)
      }
      lines.removeAll(keepingCapacity: lines.utf8.count <= Self.reusedLineBytes)
    }
    var options = options
    options.recorder = nil
    guard let recorder else {
      let pipeline = try Pipeline(feed: feed, transport: transport, options: options)
      let session = await pipeline.run(drivingScript, onEvent: handle)
      return FeedSessionOutcome(session: session, recording: nil, log: log)
    }
    let recording = try await Pipeline.record(
      drivingScript, feed: feed, transport: transport, into: recorder, options: options,
      replacing: replacing, onEvent: handle)
    return FeedSessionOutcome(session: recording.session, recording: recording, log: log)
  }

  /// The most bytes of log lines whose buffer is kept for the next event.
  static let reusedLineBytes = 1 << 20

  private var drivingScript: SessionScript { replayed.map(SessionScript.fixture) ?? .intents(script) }
}
