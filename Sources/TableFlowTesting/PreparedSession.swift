import Foundation
import TableFlow

/// A session ready to run: the transport (replay, possibly recording), the intents and the
/// parameters, worked out from the fixture and the record mode.
struct PreparedSession {
  let feed: any Feed
  let transport: ReplayTransport
  let recorder: SessionRecorder?
  let script: [ScriptedIntent]
  let replayOrder: ReplayOrder?
  let parameters: FeedParameters

  init(
    feed: any Feed, fixturePath: String, intents: [Intent]?, parameters: FeedParameters?,
    recording: RecordSettings
  ) throws(SessionAssertionError) {
    let exists = FileManager.default.fileExists(atPath: fixturePath)
    if recording.mode == .none && !exists {
      throw SessionAssertionError(
        "\(fixturePath): no such fixture; record it with TABLEFLOW_RECORD=missing and TABLEFLOW_LIVE=URL")
    }
    let needsLive = recording.mode == .all || (recording.mode == .missing && !exists)
    if needsLive && recording.live == nil {
      throw SessionAssertionError(
        "\(fixturePath): record mode \(recording.mode.rawValue) needs a live base URL (live: or TABLEFLOW_LIVE)"
      )
    }
    // What the fixture already says: its parameters and intents.
    let recorded = exists ? try Self.load(fixturePath, ReplayOptions(salvagesDamage: true)) : nil
    self.feed = feed
    self.parameters = parameters ?? recorded?.header.params ?? [:]
    if let intents {
      script = intents.map { ScriptedIntent($0) }
      replayOrder = nil
    } else if let recorded {
      do {
        script = try ScriptedIntent.parseScript(recorded.intents.joined(separator: "\n"))
      } catch {
        throw SessionAssertionError("\(fixturePath): recorded intent: \(error)")
      }
      // Replaying the recorded intents: apply them and the answers in the recorded order.
      replayOrder = recording.mode == .none ? ReplayOrder(of: recorded) : nil
    } else {
      script = [ScriptedIntent(.load)]
      replayOrder = nil
    }
    guard recording.mode != .none else {
      recorder = nil
      transport = try Self.load(fixturePath, ReplayOptions())
      return
    }
    let live: HTTPTransport?
    do {
      live = try recording.live.map { try HTTPTransport(baseURL: $0) }
    } catch {
      throw SessionAssertionError("live URL: \(error)")
    }
    let recorder: SessionRecorder
    do {
      recorder = try SessionRecorder(
        path: fixturePath, feed: feed.name, tool: "TableFlowTesting", base: recording.live,
        params: self.parameters)
    } catch {
      throw SessionAssertionError("\(fixturePath): cannot record: \(error)")
    }
    self.recorder = recorder
    transport = try Self.load(
      fixturePath, ReplayOptions(mode: recording.mode, live: live))
  }

  private static func load(
    _ path: String, _ options: ReplayOptions
  ) throws(SessionAssertionError)
    -> ReplayTransport
  {
    do {
      return try ReplayTransport(path: path, options: options)
    } catch {
      throw SessionAssertionError("\(error)")
    }
  }

  /// Runs the intents and writes the text log; finishes the recording, if any.
  func run() async throws(SessionAssertionError) -> (log: String, worstFailure: PipelineFailure?) {
    let options = PipelineOptions(parameters: parameters, replayOrder: replayOrder)
    var writer = TextLogWriter()
    var log = ""
    let outcome: SessionOutcome
    do {
      if let recorder {
        // A session failing by design is recorded too: the fixture is replaced once the session
        // has run to its end.
        let recorded = try await Pipeline.record(
          script: script, feed: feed, transport: transport, into: recorder, options: options,
          replacing: .whenSessionCompletes
        ) { event in log += writer.text(for: event) }
        if let failure = recorded.recordingFailure {
          throw SessionAssertionError("\(recorder.path): the recording could not be finished: \(failure)")
        }
        outcome = recorded.session
      } else {
        let pipeline = try Pipeline(feed: feed, transport: transport, options: options)
        outcome = await pipeline.run(script: script) { event in log += writer.text(for: event) }
      }
    } catch let error as SessionAssertionError {
      throw error
    } catch {
      throw SessionAssertionError("\(feed.name): \(error)")
    }
    return (log, outcome.worstFailure)
  }
}
