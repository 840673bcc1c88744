import FixtureKit

/// Writes one recording session to a fixture, all in one `seq` order: given to a pipeline as
/// `PipelineOptions.recorder`, intents, requests and answers in the order the transform stage
/// applied them (what replay needs); or requests and answers as a `RecordingTransport` sends
/// them.
///
/// Every record is redacted, then compressed and flushed to `PATH.partial` before the call
/// returns, so a killed process loses no completed record. `finish()` renames the file to
/// `PATH` atomically — call it only when the session succeeded; until then an existing fixture
/// at `PATH` is untouched. `keepPartial()` ends a failed session's file and leaves it at
/// `PATH.partial`; `abandon()` removes the partial file. A write failure is remembered: later records are dropped, the
/// transport reports `.recordingFailed`, and `finish()` throws it.
public actor SessionRecorder {
  /// The path of the finished fixture.
  public nonisolated let path: String
  /// The path written while recording.
  public nonisolated let partialPath: String
  private let writer: FixtureWriter
  private var redactor: Redactor
  /// The live transport's own headers, recorded (redacted) with every request.
  private let transportHeaders: [NameValue]
  private var failure: FixtureError?
  private var closed = false
  /// What recording from a pipeline's bus needs to remember (see `SessionRecorder+Bus.swift`).
  var busState = BusRecordingState()

  /// Starts a recording, writing the header line to `PATH.partial`.
  ///
  /// - Parameters:
  ///   - path: Where the fixture goes when the session ends cleanly (`NAME.jsonl.gz`).
  ///   - feed: The feed being recorded.
  ///   - tool: The program and version recording it.
  ///   - base: The live base URL; credentials and secret query values are removed first.
  ///   - params: The feed parameters of the session; values with secret names are redacted.
  ///   - spec: The spec file of a spec feed and its content hash, named in the header.
  ///   - redaction: What to redact; the defaults cover credentials, cookies and tokens.
  ///   - limits: The caps replay reads with; a record over them is never written (a response
  ///     too large becomes an error record instead).
  ///   - transportHeaders: the headers the live transport adds to every request itself
  ///     (`Transport.addedHeaders`): recorded with each request, every value redacted, and
  ///     scrubbed wherever echoed.
  /// - Throws: `FixtureError`: `.busy` when another recording holds `PATH.partial`, `.io`
  ///   when `PATH` is a directory or the partial file cannot be created.
  public init(
    path: String, feed: String, tool: String, base: String? = nil, params: [String: String] = [:],
    spec: FixtureHeader.SpecSource? = nil, redaction: Redaction = .standard,
    limits: FixtureLimits = .standard,
    transportHeaders: [NameValue] = []
  ) throws(FixtureError) {
    self.transportHeaders = transportHeaders
    var redactor = Redactor(redaction)
    let header = redactor.redact(
      FixtureHeader(feed: feed, tool: tool, base: base, params: params, spec: spec))
    self.path = path
    partialPath = path + ".partial"
    writer = try FixtureWriter(path: path, header: header, limits: limits)
    self.redactor = redactor
  }

  /// The first write failure, if any.
  public var writeFailure: FixtureError? { failure }

  /// The number of records written so far.
  public var recordCount: Int { writer.recordsWritten }

  /// Records an intent: one line of the intents-file syntax, such as `select book-123`.
  ///
  /// An intent holding a line break (an `edit` whose text has one) cannot be one line of an
  /// intents file, so it would replay as different intents: it is refused, and the recording
  /// fails as after a write failure (`writeFailure`, `finish()` throws).
  public func record(intent: String) {
    guard isOneLine(intent) else { return }
    write(.intent(redactor.redact(intent: intent)))
  }

  /// Records an intent the pipeline applied, redacted by what the field is, not by how its id
  /// is spelled: the text of an `edit` to a secure field (`isSecret`, set by the pipeline from
  /// ``FormField/text(isSecure:)``) is kept as `REDACTED` and learned, so it is scrubbed
  /// wherever it is echoed; any other intent keeps its text, with known secrets scrubbed.
  /// Refused like ``record(intent:)`` when it holds a line break.
  public func record(_ intent: Intent) {
    let line = intent.scriptLine
    guard isOneLine(line) else { return }
    guard case .edit(let row, let text, true) = intent, !text.isEmpty else {
      write(.intent(redactor.scrub(line)))
      return
    }
    redactor.learn(text)
    write(.intent(redactor.scrub(Intent.edit(row, text: Redaction.replacement).description)))
  }

  /// Whether `intent` is one line; when not, the recording fails (see ``record(intent:)``).
  private func isOneLine(_ intent: String) -> Bool {
    guard !intent.contains(where: \.isNewline) else {
      if failure == nil {
        let shown = intent.count > 60 ? intent.prefix(57) + "…" : Substring(intent)
        failure = FixtureError(
          .malformed,
          "intent \(String(shown).debugDescription) holds a line break; an intent is one line",
          file: partialPath)
      }
      return false
    }
    return true
  }

  /// Records a session-level error that answers no request.
  public func record(errorMessage: String) {
    write(.error(redactor.redact(RecordedFailure(message: errorMessage))))
  }

  /// Records a request (redacted) and returns its `seq`, or `nil` when recording has failed.
  ///
  /// - Parameters:
  ///   - request: The request as the transport sends it.
  ///   - addedHeaders: the headers the transport adds itself (see `Transport.addedHeaders`;
  ///     default: the recorder's `transportHeaders`): recorded with every value redacted, and
  ///     scrubbed wherever they are echoed.
  public func record(request: TransportRequest, addedHeaders: [NameValue]? = nil) -> Int? {
    let addedHeaders = addedHeaders ?? transportHeaders
    let recorded = redactor.redact(
      RecordedRequest(
        method: request.method.uppercased(), url: request.relativeURL,
        headers: request.headers.map { FixtureField($0.name, $0.value) }, body: request.body),
      addedHeaders: addedHeaders.map { FixtureField($0.name, $0.value) })
    return write(.request(recorded))
  }

  /// Records the response to the request recorded as `seq`.
  ///
  /// - Returns: `nil` when recorded; a `.responseTooLarge` error when the response would break
  ///   the reader's limits, in which case an error record answers the request instead (so the
  ///   replay fails the same way the caller should).
  @discardableResult
  public func record(response: TransportResponse, toRequest seq: Int?) -> TransportError? {
    let recorded = redactor.redact(
      RecordedResponse(
        request: seq ?? 0, status: response.status,
        headers: response.headers.map { FixtureField($0.name, $0.value) }, body: response.body,
        elapsedMilliseconds: Self.milliseconds(response.elapsed)))
    guard failure == nil, !closed else { return nil }
    do {
      try writer.append(.response(recorded))
      return nil
    } catch  where error.code == .recordTooLarge || error.code == .fileTooLarge {
      let tooLarge = TransportError(
        .responseTooLarge, "the response cannot be recorded: \(error.message)")
      record(failure: tooLarge, toRequest: seq)
      return tooLarge
    } catch {
      failure = error
      return nil
    }
  }

  /// `response` as the recording will hold it: its headers and body redacted, the secrets of
  /// `request` (and of the transport's `addedHeaders`) learned first, as recording it does.
  /// A pipeline that records sees its answers this way, so its log is the replay's.
  func recordedView(
    of response: TransportResponse, answering request: TransportRequest, addedHeaders: [NameValue]
  ) -> TransportResponse {
    _ = redactor.redact(
      RecordedRequest(
        method: request.method.uppercased(), url: request.relativeURL,
        headers: request.headers.map { FixtureField($0.name, $0.value) }, body: request.body),
      addedHeaders: addedHeaders.map { FixtureField($0.name, $0.value) })
    let recorded = redactor.redact(
      RecordedResponse(
        request: 0, status: response.status,
        headers: response.headers.map { FixtureField($0.name, $0.value) }, body: response.body))
    return TransportResponse(
      status: response.status, headers: recorded.headers.map { NameValue($0.name, $0.value) },
      body: recorded.body, elapsed: response.elapsed)
  }

  /// `error` as the recording will hold it: its message with every known secret scrubbed.
  func recordedView(of error: TransportError) -> TransportError {
    TransportError(error.code, redactor.redact(RecordedFailure(message: error.message)).message)
  }

  /// Records the transport failure that answered the request recorded as `seq`.
  public func record(failure error: TransportError, toRequest seq: Int?) {
    let recorded = redactor.redact(
      RecordedFailure(request: seq, code: error.code.description, message: error.message))
    write(.error(recorded))
  }

  /// Ends the session: completes the gzip stream and renames `PATH.partial` to `PATH`.
  ///
  /// - Throws: `FixtureError` for an earlier write failure or a failure to finish; the
  ///   previous fixture at `PATH`, if any, is then untouched.
  public func finish() throws(FixtureError) {
    if let failure { throw failure }
    guard !closed else { return }
    closed = true
    do {
      try writer.finish()
    } catch {
      failure = error
      throw error
    }
  }

  /// Ends a failed session: completes the gzip stream of `PATH.partial` and leaves it there,
  /// so the previous fixture at `PATH` stays byte-identical and the failed recording can be
  /// inspected.
  ///
  /// - Throws: `FixtureError` when the partial file cannot be completed (its complete records
  ///   stay readable).
  public func keepPartial() throws(FixtureError) {
    guard !closed else { return }
    closed = true
    try writer.closeKeepingPartial()
  }

  /// Stops recording and removes the partial file; the previous fixture is untouched.
  public func abandon() {
    closed = true
    writer.abandon()
  }

  @discardableResult
  private func write(_ entry: FixtureRecord.Entry) -> Int? {
    guard failure == nil, !closed else { return nil }
    do {
      return try writer.append(entry)
    } catch {
      failure = error
      return nil
    }
  }

  static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
  }
}
