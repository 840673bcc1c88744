import FixtureKit
import Foundation

/// Answers requests from a recorded fixture, in recorded order, on a virtual clock.
///
/// Matching is on method + normalised URL (query order ignored) + body, after redacting the
/// incoming request as the recording was redacted. An unmatched request fails with
/// `TransportError(.notRecorded)` naming the nearest recorded requests and what differed, unless
/// the record mode sends it live.
///
/// The fixture is read as the session goes, one record at a time: a request waits only for the
/// records up to its answer, so the first page shows before the rest of the file is read, and a
/// served body leaves memory. Loading reads the header and the intents before the first
/// request; a replayed session (``FeedSession/init(replaying:feed:options:)``) takes the
/// further intents, and the order they and the answers were applied in, as they are read.
public actor ReplayTransport: Transport {
  /// The fixture's path (for a fixture held in memory, the name it was given).
  public nonisolated let path: String
  /// The fixture's header: feed, tool, base URL and parameters.
  public nonisolated let header: FixtureHeader
  /// The first intent before the first request that cannot be replayed, if any.
  nonisolated let leadingIntentError: RecordedIntentError?
  /// The applied order as far as it was read, for the transform stage.
  nonisolated let steps: ReplaySteps
  private let options: ReplayOptions
  /// Whether every answer comes from the fixture at once, in virtual time (record mode
  /// `.none`, not `realtime`): no request can hang, so the fetch stage sets no timeout.
  nonisolated let answersAtOnce: Bool
  private let cursor: FixtureCursor
  private nonisolated let found: Locked<FixtureError?>
  private var redactor: Redactor
  private var virtualTime = Duration.zero

  /// The most intents read ahead when loading (those before the first request).
  static let leadingIntentLimit = 1024

  /// Loads the fixture at `path`: its header and the intents before its first request.
  ///
  /// With mode `.missing` or `.all` a missing file is an empty session (it is about to be
  /// recorded); with `.none` it is an error. Mode `.all` also reads a damaged file's complete
  /// records (it answers nothing from them).
  /// - Throws: `FixtureError` when the file cannot be read, or is damaged before its first
  ///   request (unless `salvagesDamage`); damage found later is reported by ``damage`` and
  ///   fails the requests it leaves unanswered.
  public init(path: String, options: ReplayOptions = ReplayOptions()) throws(FixtureError) {
    try self.init(name: path, options: options) { () throws(FixtureError) in
      do throws(FixtureError) {
        return try FixtureReader(path: path, limits: options.limits)
      } catch {
        let absentIsFine = options.mode != .none && error.code == .io && !Self.fileExists(path)
        guard absentIsFine else { throw error }
        return nil
      }
    }
  }

  /// Loads a fixture held in memory, such as one bundled into a program; `name` stands for
  /// the file in errors and in ``path``.
  /// - Throws: `FixtureError` when the bytes are not a fixture or are damaged before the first
  ///   request (unless `salvagesDamage`).
  public init(
    bytes: [UInt8], name: String, options: ReplayOptions = ReplayOptions()
  ) throws(FixtureError) {
    try self.init(name: name, options: options) { () throws(FixtureError) in
      try FixtureReader(bytes: bytes, name: name, limits: options.limits)
    }
  }

  private init(
    name: String, options: ReplayOptions, open: () throws(FixtureError) -> FixtureReader?
  ) throws(FixtureError) {
    let reader = try open()
    let cursor = FixtureCursor(
      path: name, reader: reader, answersFromFixture: options.mode != .all, redaction: options.redaction)
    cursor.readLeadingIntents(limit: Self.leadingIntentLimit)
    // Re-recording everything needs only the old intents, so damage does not stop it.
    if let damage = cursor.damage, cursor.intentError == nil, !options.salvagesDamage, options.mode != .all {
      throw damage
    }
    path = name
    header = reader?.header ?? FixtureHeader(feed: "", tool: "")
    self.options = options
    answersAtOnce = options.mode == .none && !options.realtime
    self.cursor = cursor
    steps = cursor.steps
    found = cursor.found
    leadingIntentError = cursor.intentError
    redactor = Redactor(options.redaction)
  }

  private static func fileExists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
  }

  /// The total recorded latency of the responses served so far (the virtual clock's reading).
  public var virtualElapsed: Duration { virtualTime }

  /// The recorded requests read so far and not yet answered (after ``readToEnd()``: all of
  /// the fixture's).
  public var unusedRequestCount: Int { cursor.matcher.unusedCount }

  /// The recorded requests read so far that no request of the session was answered with, in
  /// recorded order (after ``readToEnd()``: all of the fixture's). A replay that passes while
  /// some of them stay unused no longer exercises everything it recorded.
  public var unusedRequests: [RecordedRequest] { cursor.matcher.unusedRequests }

  /// The number of records read so far (after ``readToEnd()``: all of them).
  public var recordCount: Int { cursor.recordCount }

  /// The damage found so far after the complete records (a truncated or corrupt file, a
  /// malformed record, an intent that cannot be replayed), if any; reading stops there. Once a
  /// replayed session has ended, the whole fixture has been read.
  public nonisolated var damage: FixtureError? { found.withLock { $0 } }

  /// Reads the rest of the fixture, so that ``damage``, ``recordCount`` and
  /// ``unusedRequestCount`` describe the whole file. Bodies read stay out of memory (in a
  /// temporary file beyond a budget) until served.
  public func readToEnd() { cursor.readToEnd() }

  /// Lets `post` send the intents the fixture holds after its requests as they are read.
  func attach(_ post: @escaping @Sendable (Intent) -> Void) { cursor.post = post }

  /// The script's next intent (see ``FixtureCursor/nextScriptedIntent()``).
  func nextScriptedIntent() -> FixtureCursor.ScriptStep { cursor.nextScriptedIntent() }

  /// Reads up to the next intent, which is posted; `false` at the end of the fixture.
  func readNextIntent() -> Bool { cursor.readNextIntent() }

  /// Answers `request` from the fixture, or live when the record mode says so.
  ///
  /// - Throws: `.notRecorded` with the nearest candidates when nothing matches and the mode is
  ///   `.none`; the recorded failure when the live request failed while recording;
  ///   `.cancelled` when the task is cancelled during a real-time wait.
  public func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    try await answer(request, number: nil)
  }

  /// Answers request number `number` of the session with the recorded request of the same
  /// number when it matches (so identical requests get their own answers), else as
  /// ``send(_:)``.
  public func send(_ request: TransportRequest, number: Int) async throws(TransportError) -> TransportResponse
  {
    try await answer(request, number: number)
  }

  private func answer(
    _ request: TransportRequest, number: Int?
  ) async throws(TransportError) -> TransportResponse {
    if options.mode == .all { return try await sendLive(request) }
    // Redacted as the recording was (headers included: they decide whether a body is a form).
    let incoming = redactor.redact(
      RecordedRequest(
        method: request.method.uppercased(), url: request.relativeURL,
        headers: request.headers.map { FixtureField($0.name, $0.value) }, body: request.body))
    let outcome = cursor.answer(to: incoming, number: number)
    switch outcome {
    case .response(let recorded):
      let response = TransportResponse(
        status: recorded.status, headers: recorded.headers.map { NameValue($0.name, $0.value) },
        body: try body(answering: recorded.request),
        elapsed: Self.duration(milliseconds: recorded.elapsedMilliseconds))
      try await wait(response.elapsed)
      return response
    case .failure(let recorded):
      throw TransportError(Self.code(named: recorded.code), recorded.message)
    case .unmatched(let message):
      guard options.mode == .missing else {
        // Damage, not the session, is then the likely cause: name it, unless the caller
        // salvages damage and reports it itself.
        let damage = options.salvagesDamage ? nil : cursor.damage
        let cause = damage.map { "; the fixture is damaged: \($0)" } ?? ""
        throw TransportError(.notRecorded, "\(path): \(message)\(cause)")
      }
      return try await sendLive(request)
    }
  }

  /// The recorded body of the response to the request recorded as `seq`; it then leaves the
  /// store.
  private func body(answering seq: Int) throws(TransportError) -> [UInt8] {
    do {
      return try cursor.takeBody(answering: seq)
    } catch {
      throw TransportError(.notRecorded, "\(path): cannot read the recorded body back: \(error)")
    }
  }

  private func sendLive(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    guard let live = options.live else {
      throw TransportError(
        .notRecorded, "\(path): record mode \(options.mode.rawValue) needs a live transport")
    }
    return try await live.send(request)
  }

  private func wait(_ elapsed: Duration) async throws(TransportError) {
    virtualTime += elapsed
    guard options.realtime, elapsed > .zero else { return }
    do {
      try await options.clock.sleep(for: elapsed)
    } catch {
      throw TransportError(.cancelled, "replay cancelled while waiting out a recorded latency")
    }
  }

  static func duration(milliseconds: Double) -> Duration {
    guard milliseconds.isFinite, milliseconds > 0 else { return .zero }
    let capped = min(milliseconds, 1e12)
    return .nanoseconds(Int64((capped * 1_000_000).rounded()))
  }

  /// Maps a recorded code name back to a `TransportError.Code`; unknown names are treated as
  /// the backend being unreachable.
  static func code(named name: String?) -> TransportError.Code {
    let known: [TransportError.Code] = [
      .unreachable, .timedOut, .cancelled, .notRecorded, .invalidRequest, .recordingFailed,
      .responseTooLarge, .redirectRefused,
    ]
    return known.first { $0.description == name } ?? .unreachable
  }
}
