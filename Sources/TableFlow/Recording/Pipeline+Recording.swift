/// How ``Pipeline/record(script:feed:transport:into:options:replacing:onEvent:)`` ended.
public struct RecordingOutcome: Sendable {
  /// The session itself: its worst failure, counts, whether it was cancelled.
  public let session: SessionOutcome
  /// Whether the fixture at the recorder's `path` now holds this session. When `false`, the
  /// previous fixture (if any) is byte-identical and the recording is kept in `partialPath`.
  public let replacedFixture: Bool
  /// The failure that kept the recording from completing (a write or rename error), if any.
  public let recordingFailure: FixtureError?
}

extension Pipeline {
  /// Runs a scripted session and records it, then finishes the recording atomically.
  ///
  /// The fixture holds the session in the order the transform stage applied it: each intent,
  /// each batch's requests when started and its answers when applied, so it replays
  /// byte-identical. Records are redacted and flushed to `recorder.partialPath` as they are
  /// written; when the session ends, the partial file is renamed over `recorder.path` if
  /// `replacing` allows it, and is otherwise completed and kept beside it (a cancelled session
  /// and a failed write always keep it). This is what `tableflow run --record` and the tests'
  /// recordings use.
  ///
  /// ```swift
  /// let recorder = try SessionRecorder(path: "Fixtures/books/new.jsonl.gz", feed: "books", tool: "my-app")
  /// let outcome = try await Pipeline.record(
  ///   script: [ScriptedIntent(.load)], feed: BooksFeed(), transport: HTTPTransport(baseURL: url),
  ///   into: recorder)
  /// ```
  /// - Parameters:
  ///   - script: The intents, each sent once the previous one has settled unless it says
  ///     otherwise.
  ///   - feed: The feed to run.
  ///   - transport: Where requests go: a live transport, or a ``ReplayTransport`` in record
  ///     mode `missing` or `all`.
  ///   - recorder: The recording to write; this call finishes it.
  ///   - options: The pipeline's options; their `recorder` is replaced by `recorder`.
  ///   - replacing: When the recording replaces the fixture at `recorder.path`.
  ///   - onEvent: Called with every event in bus order on the caller's task and actor (the
  ///     call is `nonisolated(nonsending)`, as ``run(_:onEvent:)`` is).
  /// - Returns: The session's outcome and what became of the fixture.
  /// - Throws: ``FeedError`` when the feed rejects its parameters; the recording is then
  ///   abandoned (its partial file removed).
  nonisolated(nonsending) public static func record(
    script: [ScriptedIntent], feed: any Feed, transport: any Transport, into recorder: SessionRecorder,
    options: PipelineOptions = PipelineOptions(), replacing: FixtureReplacement = .whenSessionSucceeds,
    onEvent: (BusEvent) -> Void = { _ in }
  ) async throws(FeedError) -> RecordingOutcome {
    try await record(
      .intents(script), feed: feed, transport: transport, into: recorder, options: options,
      replacing: replacing, onEvent: onEvent)
  }

  /// Records the session `script` drives, as ``record(script:feed:transport:into:options:replacing:onEvent:)``
  /// does.
  nonisolated(nonsending) static func record(
    _ script: SessionScript, feed: any Feed, transport: any Transport, into recorder: SessionRecorder,
    options: PipelineOptions, replacing: FixtureReplacement, onEvent: (BusEvent) -> Void
  ) async throws(FeedError) -> RecordingOutcome {
    var options = options
    options.recorder = recorder
    let pipeline: Pipeline
    do {
      pipeline = try Pipeline(feed: feed, transport: transport, options: options)
    } catch {
      await recorder.abandon()
      throw error
    }
    let session = await pipeline.run(script, onEvent: onEvent)
    return await finishRecording(recorder, after: session, replacing: replacing)
  }

  /// Renames the recording over its fixture when `replacing` allows it after `session`;
  /// otherwise completes it and keeps it as the partial file.
  static func finishRecording(
    _ recorder: SessionRecorder, after session: SessionOutcome, replacing: FixtureReplacement
  ) async -> RecordingOutcome {
    var failure = await recorder.writeFailure
    if failure == nil && !session.wasCancelled && replacing.allows(session) {
      do {
        try await recorder.finish()
        return RecordingOutcome(session: session, replacedFixture: true, recordingFailure: nil)
      } catch {
        failure = error
      }
    }
    do {
      try await recorder.keepPartial()
    } catch {
      failure = failure ?? error
    }
    return RecordingOutcome(session: session, replacedFixture: false, recordingFailure: failure)
  }
}
