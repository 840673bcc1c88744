import FixtureKit
import Foundation

/// Answers requests from a recorded fixture, in recorded order, on a virtual clock.
///
/// Matching is on method + normalised URL (query order ignored) + body, after redacting the
/// incoming request as the recording was redacted. An unmatched request fails with
/// `TransportError(.notRecorded)` naming the nearest recorded requests and what differed, unless
/// the record mode sends it live. The fixture's intents are exposed so a replay can re-drive the
/// session, and its header so it knows the feed and parameters.
public actor ReplayTransport: Transport {
  /// The fixture's path (for a fixture held in memory, the name it was given).
  public nonisolated let path: String
  /// The fixture's header: feed, tool, base URL and parameters.
  public nonisolated let header: FixtureHeader
  /// The recorded intents, in order, each one line of the intents-file syntax.
  public nonisolated let intents: [String]
  /// The number of complete records the fixture holds.
  public nonisolated let recordCount: Int
  /// The order in which the recorded session applied its intents and answers, if it kept one
  /// (see ``ReplayOrder``).
  public nonisolated let appliedOrder: ReplayOrder?
  /// The damage found after the complete records, when `salvagesDamage` allowed loading.
  public nonisolated let damage: FixtureError?
  private let options: ReplayOptions
  private var matcher: RequestMatcher
  /// Response bodies, out of memory until served, by the `seq` of the request they answer
  /// (the matcher holds each response without its body).
  private let bodies: BodyStore
  private let bodyLocations: [Int: BodyStore.Location]
  private var redactor: Redactor
  private var virtualTime = Duration.zero

  /// Loads the fixture at `path`.
  ///
  /// With mode `.missing` or `.all` a missing file is an empty session (it is about to be
  /// recorded); with `.none` it is an error. Mode `.all` also loads a damaged file's complete
  /// records (it answers nothing from them).
  /// - Throws: `FixtureError` when the file cannot be read or is damaged (unless
  ///   `salvagesDamage`).
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
  /// - Throws: `FixtureError` when the bytes are not a fixture or are damaged (unless
  ///   `salvagesDamage`).
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
    self.path = name
    self.options = options
    redactor = Redactor(options.redaction)
    // Records are read one at a time; each response's body goes to the store and the index
    // keeps the rest (read once for the applied order and the matcher, then dropped), so
    // memory grows with the number of records, not with their sizes.
    var index: [FixtureRecord] = []
    var intents: [String] = []
    var locations: [Int: BodyStore.Location] = [:]
    var requests: Set<Int> = []
    let bodies = BodyStore()
    var damage: FixtureError?
    var header = FixtureHeader(feed: "", tool: "")
    var count = 0
    var recordedRedactor = Redactor(options.redaction)
    // A record that answers a request recorded after it (or no request) is damage, found
    // here as `inspect` finds it, so a replay names that cause before the errors it leads to.
    var consistency = RecordSummary.Consistency()
    if let reader = try open() {
      header = reader.header
      while true {
        let next: FixtureRecord?
        do {
          next = try reader.next()
        } catch {
          damage = error
          break
        }
        guard var record = next else { break }
        if let problem = consistency.check(record) {
          damage = FixtureError(.malformed, problem, file: name, record: count + 1)
          break
        }
        count += 1
        switch record.entry {
        case .intent(let intent):
          intents.append(intent)
        case .response(var response):
          // As the matcher pairs them: the first answer to a request recorded before it. Mode
          // .all answers nothing from the fixture, so it keeps no bodies.
          if options.mode != .all, requests.contains(response.request), locations[response.request] == nil {
            locations[response.request] = try bodies.store(response.body)
          }
          response.body = []
          record.entry = .response(response)
        case .request(let request):
          requests.insert(record.seq)
          // Recorded requests are redacted with the current rules too, so a fixture recorded
          // before a rule existed (a cleartext password) still matches a redacted request.
          record.entry = .request(recordedRedactor.redact(request))
        case .error:
          break
        }
        index.append(record)
      }
    }
    // Re-recording everything needs only the old intents, so damage does not stop it.
    if let damage, !options.salvagesDamage, options.mode != .all { throw damage }
    self.header = header
    self.recordCount = count
    self.damage = damage
    self.intents = intents
    self.bodies = bodies
    bodyLocations = locations
    appliedOrder = ReplayOrder(records: index)
    matcher = RequestMatcher(records: options.mode == .all ? [] : index)
  }

  private static func fileExists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
  }

  /// The total recorded latency of the responses served so far (the virtual clock's reading).
  public var virtualElapsed: Duration { virtualTime }

  /// The recorded requests not yet answered.
  public var unusedRequestCount: Int { matcher.unusedCount }

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
    let outcome = number.map { matcher.answer(to: incoming, number: $0) } ?? matcher.answer(to: incoming)
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
        throw TransportError(.notRecorded, "\(path): \(message)")
      }
      return try await sendLive(request)
    }
  }

  /// The recorded body of the response to the request recorded as `seq`, read back from the
  /// store.
  private func body(answering seq: Int) throws(TransportError) -> [UInt8] {
    guard let location = bodyLocations[seq] else { return [] }
    do {
      return try bodies.load(location)
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
