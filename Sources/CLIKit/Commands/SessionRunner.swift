import FixtureKit
import Foundation
import TableCore
import TableFlow

/// Runs one session of a feed and writes its snapshot log: what `run`, `replay`, `verify` and
/// the default command share.
struct SessionRunner {
  /// What to run: the library's session, and what the command line says about it.
  struct Session {
    var run: FeedSession
    /// Names the session's input in error lines: a fixture path or a live URL.
    var source: String
    /// The salvaged fixture being replayed, read as the session goes: its damage, once found,
    /// is printed as the root cause before the failures that follow from it (requests it left
    /// unanswered), which are summed up in one line after the session instead of one line each.
    var fixture: ReplayTransport?
  }

  /// The feeds the command line knows by name (a program's own and the built-in ones).
  let feeds: [any Feed]

  /// The feed called `name`.
  /// - Throws: `CommandFailure` (usage) naming the known feeds.
  func feed(named name: String) throws(CommandFailure) -> any Feed {
    guard let feed = feeds.first(where: { $0.name == name }) else {
      let names = feeds.map(\.name).joined(separator: ", ")
      throw CommandFailure(.usage, "unknown feed '\(name)'; known feeds: \(names)")
    }
    return feed
  }

  /// Checks `parameters` against the feed before anything is created or run.
  /// - Throws: `CommandFailure` with `code` (64 for `--param`, 65 for a fixture's header),
  ///   naming `source` and the feed's complaint.
  static func checkParameters(
    _ parameters: FeedParameters, of feed: any Feed, as code: ExitCode, source: String
  ) throws(CommandFailure) {
    do {
      _ = try feed.rootScreen(parameters: parameters)
    } catch {
      // A feed's complaint may quote the value whole: it is echoed, so it is cut.
      throw CommandFailure(code, "\(source): \(TextEscaping.echoed(error.message, limit: 300))")
    }
  }

  /// Runs `session`, writing the log to `sink` as events arrive and one line per failure to
  /// standard error; `observe` sees every event in order (the viewer builds its page from them).
  /// - Returns: the worst failure's exit code (0 when none).
  func run(
    _ session: Session, format: LogFormat, full: Bool, sink: any OutputSink, io: CommandIO,
    observe: (BusEvent) -> Void = { _ in }
  ) async -> ExitCode {
    let progress = ProgressLine(io: io, label: session.source)
    var cascade: (count: Int, first: PipelineFailure?) = (0, nil)
    var damagePrinted = false
    /// Whether the fixture's damage has been found (printing it the first time).
    func damageFound() -> Bool {
      guard let damage = session.fixture?.damage else { return false }
      if !damagePrinted { io.fail(damage.description) }
      damagePrinted = true
      return true
    }
    let outcome: FeedSessionOutcome
    do {
      // The log goes to the sink as it is written: a whole table's lines are never one string.
      outcome = try await session.run.run(log: format, full: full, streamingTo: { sink.write($0) }) {
        event, _ in
        switch event.event.payload {
        case .failed(let failure, _) where damageFound():
          cascade.count += 1
          if cascade.first == nil { cascade.first = failure }
        case .failed(let failure, _): io.fail("\(session.source): \(failure)")
        case .presented: progress.snapshotPresented()
        case .requestStarted(let batch): progress.requestStarted(batch.requests.count)
        default: break
        }
        observe(event)
        // At least once per intent (and per failure), so a killed run has printed what it did.
        switch event.event.payload {
        case .intentReceived, .failed: sink.flush()
        default: break
        }
      }
    } catch {
      await progress.finish()
      io.fail("\(session.source): \(error.message)")
      return .usage
    }
    sink.flush()
    await progress.finish()
    _ = damageFound()
    if let first = cascade.first {
      let more = cascade.count > 1 ? " and \(cascade.count - 1) more" : ""
      io.fail("\(session.source): the damage left \(first)\(more)")
    }
    let code: ExitCode
    if outcome.session.wasCancelled {
      code = SignalTrap.received ?? .software
    } else {
      code = outcome.worstFailure.map { ExitCode(rawValue: $0.category.exitCode) ?? .software } ?? .success
    }
    guard let recording = outcome.recording, let recorder = session.run.recorder else { return code }
    return Self.report(recording, of: recorder, sessionCode: code, io: io)
  }

  /// Says what became of a recording: when it did not replace its fixture, that `PATH` is
  /// untouched and where the recording is kept.
  /// - Returns: the session's code, or at least 74 when the recording could not be completed.
  static func report(
    _ recording: RecordingOutcome, of recorder: SessionRecorder, sessionCode: ExitCode, io: CommandIO
  ) -> ExitCode {
    if recording.replacedFixture { return sessionCode }
    if let failure = recording.recordingFailure { io.fail("\(failure)") }
    let code = recording.recordingFailure == nil ? sessionCode : max(sessionCode, .ioError)
    io.fail(
      "\(recorder.path): not replaced, the session failed (exit \(code.rawValue)); "
        + "its recording is kept in \(recorder.partialPath)")
    return code
  }

  /// Loads a fixture for replay, salvaging the complete records of a damaged one.
  /// - Throws: `CommandFailure` 66 for a missing file or one that is not a regular file (a
  ///   FIFO, device or folder fails at once instead of blocking), 65 for one that cannot be
  ///   read at all, 74 for a read error.
  static func loadFixture(
    _ path: String, options: ReplayOptions = ReplayOptions()
  ) throws(CommandFailure) -> ReplayTransport {
    if options.mode == .none || FileManager.default.fileExists(atPath: path) {
      try InputFile.requireRegularFile(path)
    }
    var options = options
    options.salvagesDamage = true
    do {
      return try ReplayTransport(path: path, options: options)
    } catch {
      throw CommandFailure(error.code == .io ? .ioError : .dataError, error.description)
    }
  }
}

/// A command that cannot go on: the exit code and the one line for standard error.
struct CommandFailure: Error {
  var code: ExitCode
  var message: String

  init(_ code: ExitCode, _ message: String) {
    self.code = code
    self.message = message
  }
}
