import FixtureKit
import TableFlow
import TestSupport
import Testing

/// `Pipeline`'s closure-taking calls from main-actor code: the closures are not `Sendable` and
/// update main-actor state, as a view controller's would.
@Suite("Pipeline from the main actor")
struct PipelineCallerTests {
  @Test("run(_:onEvent:) calls back on the main actor", .timeLimit(.minutes(5)))
  func runIntents() async throws {
    let log = ScreenLog()
    let pipeline = try Pipeline(feed: GreetingFeed(), transport: NoNetwork())
    let outcome = await pipeline.run([.load]) { event in log.take(event) }
    #expect(outcome.worstFailure == nil)
    #expect(log.presented == outcome.presentedCount)
    #expect(log.presented > 0)
    #expect(log.events.count == outcome.eventCount)
  }

  @Test("run(script:onEvent:) calls back on the main actor", .timeLimit(.minutes(5)))
  func runScript() async throws {
    let log = ScreenLog()
    let pipeline = try Pipeline(feed: GreetingFeed(), transport: NoNetwork())
    let outcome = await pipeline.run(script: [ScriptedIntent(.load), ScriptedIntent(.refresh)]) { event in
      log.take(event)
    }
    #expect(outcome.worstFailure == nil)
    #expect(log.presented == outcome.presentedCount)
    #expect(log.events.map(\.sequence) == log.events.map(\.sequence).sorted())
  }

  @Test("Pipeline.record(script:…onEvent:) calls back on the main actor", .timeLimit(.minutes(5)))
  func record() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let log = ScreenLog()
    let path = folder.file("greeting.jsonl.gz")
    let recorder = try SessionRecorder(path: path, feed: "greeting", tool: "MainActorCallerTests")
    let outcome = try await Pipeline.record(
      script: [ScriptedIntent(.load)], feed: GreetingFeed(), transport: NoNetwork(), into: recorder
    ) { event in
      log.take(event)
    }
    #expect(outcome.replacedFixture)
    #expect(log.presented == outcome.session.presentedCount)
    let reader = try FixtureReader(path: path)
    #expect(reader.header.feed == "greeting")
  }
}
