import Feeds
import Foundation
import TableFlow

/// Runs a built-in feed's session the way `tableflow run` and `tableflow replay` do, and
/// returns its text log.
enum FeedSession {
  struct Outcome {
    var log: String
    var worstFailure: PipelineFailure?
  }

  struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `script` on `feed` through `transport` and writes the text log.
  static func run(
    _ feed: any Feed, transport: any Transport, parameters: FeedParameters = [:], script: [ScriptedIntent],
    recorder: SessionRecorder? = nil, replayOrder: ReplayOrder? = nil, scheduleSeed: UInt64? = nil
  ) async throws -> Outcome {
    let options = PipelineOptions(
      parameters: parameters, scheduleSeed: scheduleSeed, recorder: recorder, replayOrder: replayOrder)
    let pipeline = try Pipeline(feed: feed, transport: transport, options: options)
    var writer = TextLogWriter()
    var log = ""
    let outcome = await pipeline.run(script: script) { event in log += writer.text(for: event) }
    return Outcome(log: log, worstFailure: outcome.worstFailure)
  }

  /// Runs a session live against `baseURL`, recording it into `path`; returns the live log.
  static func record(
    _ feed: any Feed, baseURL: URL, parameters: FeedParameters = [:], script: [ScriptedIntent],
    to path: String
  ) async throws -> Outcome {
    let recorder = try SessionRecorder(
      path: path, feed: feed.name, tool: "tableflow FeedsTests recorder", base: baseURL.absoluteString,
      params: parameters)
    let live = try HTTPTransport(baseURL: baseURL.absoluteString)
    var writer = TextLogWriter()
    var log = ""
    // Sessions that fail by design are recorded too: the fixture is replaced once the session
    // has run to its end.
    let recorded = try await Pipeline.record(
      script: script, feed: feed, transport: live, into: recorder,
      options: PipelineOptions(parameters: parameters), replacing: .whenSessionCompletes
    ) { event in log += writer.text(for: event) }
    if let failure = recorded.recordingFailure { throw failure }
    return Outcome(log: log, worstFailure: recorded.session.worstFailure)
  }

  /// Replays the fixture at `path` with the feed, parameters and intents it recorded, in the
  /// order it applied them.
  static func replay(_ path: String, scheduleSeed: UInt64? = nil) async throws -> Outcome {
    let transport = try ReplayTransport(path: path)
    guard let feed = BuiltinFeeds.named(transport.header.feed) else {
      throw Problem(description: "\(path): unknown feed \(transport.header.feed)")
    }
    let script = try ScriptedIntent.parseScript(transport.intents.joined(separator: "\n"))
    return try await run(
      feed, transport: transport, parameters: transport.header.params, script: script,
      replayOrder: ReplayOrder(of: transport), scheduleSeed: scheduleSeed)
  }
}
