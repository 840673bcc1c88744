import Foundation
import TableFlow
import TableFlowViewer

/// One run of an asserted session, worked out from the fixture and a transport record mode:
/// the library's ``FeedSession`` (replaying, or recording) and what the assertion reports.
struct PreparedSession {
  /// What the caller asked for, the same for every run of the assertion.
  struct Request {
    var feed: any Feed
    var fixturePath: String
    var script: [ScriptedIntent]?
    var parameters: FeedParameters?
    var expectedFailure: FailureCategory?
    var live: String?
    var headers: [NameValue]
    var redaction: Redaction
  }

  let session: FeedSession

  /// Prepares a run in `mode`: `.none` replays in the recorded order, `.missing` and `.all`
  /// record the whole session into the fixture (replacing it only when the session ends with
  /// `expectedFailure`, or without failure).
  init(_ request: Request, mode: RecordMode) throws(SessionAssertionError) {
    let path = request.fixturePath
    let exists = FileManager.default.fileExists(atPath: path)
    if mode == .none && !exists {
      throw SessionAssertionError(
        "\(path): no such fixture; record it with TABLEFLOW_RECORD=missing and TABLEFLOW_LIVE=URL")
    }
    let needsLive = mode == .all || (mode == .missing && !exists)
    if needsLive && request.live == nil {
      throw SessionAssertionError(
        "\(path): record mode \(mode.rawValue) needs a live base URL (live: or TABLEFLOW_LIVE)")
    }
    // What the fixture already says: its parameters (a damaged fixture's too, since
    // re-recording needs only them and its intents).
    let recorded =
      exists ? try Self.load(path, ReplayOptions(salvagesDamage: true, redaction: request.redaction)) : nil
    let options = PipelineOptions(parameters: request.parameters ?? recorded?.header.params ?? [:])
    guard mode != .none else {
      let transport = try Self.load(path, ReplayOptions(redaction: request.redaction))
      guard request.script == nil else {
        session = FeedSession(
          feed: request.feed, transport: transport, script: request.script ?? [], options: options)
        return
      }
      // Replaying the recorded intents as they are read, in the recorded order.
      do {
        var replaying = try FeedSession(replaying: transport, feed: request.feed, options: options)
        replaying.options.parameters = options.parameters
        session = replaying
      } catch {
        throw SessionAssertionError(error.description)
      }
      return
    }
    let script: [ScriptedIntent]
    if let given = request.script {
      script = given
    } else if exists {
      script = try Self.recordedScript(path)
    } else {
      script = [ScriptedIntent(.load)]
    }
    let live: HTTPTransport?
    do {
      live = try request.live.map { url throws(TransportError) in
        try HTTPTransport(baseURL: url, headers: request.headers)
      }
    } catch {
      throw SessionAssertionError("live URL: \(error)")
    }
    let recorder: SessionRecorder
    do {
      // A new session's default folder (`__Fixtures__/<TestFile>/`) may not exist yet.
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      recorder = try SessionRecorder(
        path: path, feed: request.feed.name, tool: "TableFlowTesting \(TableFlowVersion.current)",
        base: request.live,
        params: options.parameters, redaction: request.redaction, transportHeaders: live?.addedHeaders ?? [])
    } catch {
      throw SessionAssertionError("\(path): cannot record: \(error)")
    }
    let transport = try Self.load(
      path, ReplayOptions(mode: mode, live: live, redaction: request.redaction))
    session = FeedSession(
      feed: request.feed, transport: transport, script: script, options: options, recorder: recorder,
      replacing: .whenSessionEnds(with: request.expectedFailure))
  }

  /// The intents a fixture recorded, each sent once the previous one has settled (a
  /// re-recording gets live answers, so the recorded order does not apply); a damaged
  /// fixture's intents before the damage.
  private static func recordedScript(_ path: String) throws(SessionAssertionError) -> [ScriptedIntent] {
    let records: [FixtureRecord]
    do {
      records = try FixtureReader(path: path).readSalvaging().records
    } catch {
      throw SessionAssertionError("\(error)")
    }
    var script: [ScriptedIntent] = []
    for record in records {
      guard case .intent(let line) = record.entry else { continue }
      guard !line.contains(where: \.isNewline) else {
        throw SessionAssertionError("\(path): recorded intent \(script.count + 1) holds a line break")
      }
      do throws(IntentSyntaxError) {
        guard let intent = try Intent.parse(line: line) else { throw IntentSyntaxError("empty intent") }
        script.append(ScriptedIntent(intent))
      } catch {
        throw SessionAssertionError("\(path): recorded intent: \(error)")
      }
    }
    return script
  }

  private static func load(
    _ path: String, _ options: ReplayOptions
  ) throws(SessionAssertionError) -> ReplayTransport {
    do {
      return try ReplayTransport(path: path, options: options)
    } catch {
      throw SessionAssertionError("\(error)")
    }
  }

  /// Runs the session, keeping its text log, its presented updates and its page (what
  /// `tableflow view` would draw of it, for the review page of a failing session).
  func run() async throws(SessionAssertionError) -> (
    outcome: FeedSessionOutcome, updates: [PresentedUpdate], page: SessionPageBuilder
  ) {
    var updates: [PresentedUpdate] = []
    var page = SessionPageBuilder()
    do {
      let outcome = try await session.run { event, _ in
        if let update = event.event.presentedUpdate { updates.append(update) }
        page.add(event.event)
      }
      return (outcome, updates, page)
    } catch {
      // The recorder was abandoned: nothing was written.
      throw SessionAssertionError("\(session.feed.name): \(error)")
    }
  }
}
