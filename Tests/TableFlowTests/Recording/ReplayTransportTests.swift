import FixtureKit
import Foundation
import TestSupport
import Testing

@testable import TableFlow

@Suite("Replay transport", .timeLimit(.minutes(5)))
struct ReplayTransportTests {
  /// Records `requests` against an echoing backend and returns the fixture path.
  private func record(
    _ requests: [TransportRequest], intents: [String] = ["load"], in directory: TemporaryDirectory,
    live: ScriptedBackend = .echo()
  ) async throws -> String {
    let path = directory.file("session.jsonl.gz")
    let recorder = try SessionRecorder(path: path, feed: "books", tool: "tests", params: ["user": "pmtao"])
    let transport = RecordingTransport(live: live, recorder: recorder)
    for intent in intents { await recorder.record(intent: intent) }
    for request in requests { _ = try? await transport.send(request) }
    try await recorder.finish()
    return path
  }

  private let list = TransportRequest(
    path: "/v2/book/user/pmtao/collections",
    query: [NameValue("status", "wish"), NameValue("start", "0"), NameValue("count", "40")])

  @Test("answers match on method, path, query in any order and body; header and intents exposed")
  func replaysRecordedAnswers() async throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-fixture-tests")
    defer { directory.cleanUp() }
    let post = TransportRequest(method: "POST", path: "/api/session", body: Array("a=1".utf8))
    let path = try await record([list, post], intents: ["load", "select book-1", "back"], in: directory)
    let replay = try ReplayTransport(path: path)
    #expect(replay.header.feed == "books")
    #expect(replay.header.params == ["user": "pmtao"])
    #expect(await replay.nextScriptedIntent() == .intent(.load))
    #expect(await replay.nextScriptedIntent() == .intent(.select("book-1")))
    #expect(await replay.nextScriptedIntent() == .intent(.back))
    var shuffled = list
    shuffled.query.reverse()
    let first = try await replay.send(shuffled)
    #expect(String(decoding: first.body, as: UTF8.self) == "answer to GET \(list.relativeURL)")
    #expect(first.elapsed == .milliseconds(25))
    let second = try await replay.send(post)
    #expect(String(decoding: second.body, as: UTF8.self) == "answer to POST /api/session")
    #expect(await replay.virtualElapsed == .milliseconds(50))
  }

  @Test("identical requests are answered in recorded order, then report exhaustion")
  func identicalRequestsInOrder() async throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-fixture-tests")
    defer { directory.cleanUp() }
    let counter = ReplyCounter()
    let live = ScriptedBackend { _ in
      TransportResponse(status: 200, body: Array("reply \(counter.next())".utf8))
    }
    let request = TransportRequest(path: "/api/profile")
    let path = try await record([request, request, request], in: directory, live: live)
    let replay = try ReplayTransport(path: path)
    var bodies: [String] = []
    for _ in 0..<3 { bodies.append(String(decoding: try await replay.send(request).body, as: UTF8.self)) }
    #expect(bodies == ["reply 1", "reply 2", "reply 3"])
    await #expect {
      _ = try await replay.send(request)
    } throws: { error in
      let error = error as? TransportError
      return error?.code == .notRecorded && error?.message.contains("already used") == true
    }
  }

  @Test("an unmatched request names the nearest candidates and what differed")
  func unmatchedRequestExplainsItself() async throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-fixture-tests")
    defer { directory.cleanUp() }
    let post = TransportRequest(method: "POST", path: "/api/session", body: Array("user=a".utf8))
    let path = try await record([list, post, TransportRequest(path: "/api/photos")], in: directory)
    let replay = try ReplayTransport(path: path)

    func message(for request: TransportRequest) async -> String {
      do {
        _ = try await replay.send(request)
        return "answered"
      } catch {
        return error.code == .notRecorded ? error.message : "other error \(error)"
      }
    }
    var page2 = list
    page2.query[1] = NameValue("start", "40")
    let query = await message(for: page2)
    #expect(query.contains(#"query "start": "40" ≠ recorded "0""#))
    #expect(query.contains("nearest: GET /v2/book/user/pmtao/collections?status=wish&start=0&count=40"))

    let method = await message(for: TransportRequest(method: "PUT", path: "/api/photos"))
    #expect(method.contains("method PUT ≠ recorded GET"))

    let pathDiffers = await message(for: TransportRequest(path: "/api/photo"))
    #expect(pathDiffers.contains(#"path "/api/photo" ≠ recorded "/api/photos""#))

    let body = await message(
      for: TransportRequest(method: "POST", path: "/api/session", body: Array("user=b".utf8)))
    #expect(body.contains("body differs at byte 5"))

    var extra = list
    extra.query.append(NameValue("sort", "new"))
    let extraItem = await message(for: extra)
    #expect(extraItem.contains(#"query "sort" not in the recording"#))
  }

  @Test("redacted query values match whatever secret the replay sends")
  func redactedValuesMatchAnything() async throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-fixture-tests")
    defer { directory.cleanUp() }
    let request = TransportRequest(path: "/api/photos", query: [NameValue("token", "secret-one-111")])
    let path = try await record([request], in: directory)
    let replay = try ReplayTransport(path: path)
    let other = TransportRequest(path: "/api/photos", query: [NameValue("token", "secret-two-222")])
    let response = try await replay.send(other)
    #expect(response.status == 200)
  }

  @Test("a recorded transport failure is replayed as the same failure")
  func recordedFailureReplays() async throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-fixture-tests")
    defer { directory.cleanUp() }
    let live = ScriptedBackend { request throws(TransportError) in
      throw TransportError(.timedOut, "no answer within 5 s")
    }
    let path = try await record([TransportRequest(path: "/slow")], in: directory, live: live)
    let replay = try ReplayTransport(path: path)
    await #expect {
      _ = try await replay.send(TransportRequest(path: "/slow"))
    } throws: { error in
      (error as? TransportError) == TransportError(.timedOut, "no answer within 5 s")
    }
  }

  @Test("latency is virtual by default and waited out on the clock only when realtime")
  func realtimeUsesTheClock() async throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-fixture-tests")
    defer { directory.cleanUp() }
    let path = try await record([list, TransportRequest(path: "/api/photos")], in: directory)
    let clock = SleepLoggingClock()
    let instant = try ReplayTransport(path: path, options: ReplayOptions(clock: clock))
    _ = try await instant.send(list)
    #expect(clock.sleeps.isEmpty)
    let realtime = try ReplayTransport(path: path, options: ReplayOptions(realtime: true, clock: clock))
    _ = try await realtime.send(list)
    _ = try await realtime.send(TransportRequest(path: "/api/photos"))
    #expect(clock.sleeps == [.milliseconds(25), .milliseconds(25)])
  }

  @Test("mode missing replays what it has, fetches the rest live and records a complete session")
  func missingModeFillsGaps() async throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-fixture-tests")
    defer { directory.cleanUp() }
    let path = try await record([list], in: directory)
    let live = ScriptedBackend.echo()
    let newPath = directory.file("refreshed.jsonl.gz")
    let recorder = try SessionRecorder(path: newPath, feed: "books", tool: "tests")
    let replay = try ReplayTransport(path: path, options: ReplayOptions(mode: .missing, live: live))
    let recording = RecordingTransport(live: replay, recorder: recorder)
    _ = try await recording.send(list)
    _ = try await recording.send(TransportRequest(path: "/api/photos"))
    try await recorder.finish()
    #expect(live.requests.map(\.path) == ["/api/photos"])
    let again = try ReplayTransport(path: newPath)
    #expect(try await again.send(list).status == 200)
    #expect(try await again.send(TransportRequest(path: "/api/photos")).status == 200)
  }

  @Test("mode all sends everything live; mode none never does")
  func allAndNoneModes() async throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-fixture-tests")
    defer { directory.cleanUp() }
    let path = try await record([list], in: directory)
    let live = ScriptedBackend.echo()
    let all = try ReplayTransport(path: path, options: ReplayOptions(mode: .all, live: live))
    _ = try await all.send(list)
    #expect(live.requests.count == 1)
    let none = try ReplayTransport(path: path, options: ReplayOptions(mode: .none, live: live))
    await #expect(throws: TransportError.self) { try await none.send(TransportRequest(path: "/new")) }
    #expect(live.requests.count == 1)
  }

  @Test("a .partial from a killed recording replays its complete records when salvaging")
  func salvagedPartialReplays() async throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-fixture-tests")
    defer { directory.cleanUp() }
    let path = directory.file("killed.jsonl.gz")
    let recorder = try SessionRecorder(path: path, feed: "books", tool: "tests")
    await recorder.record(intent: "load")
    _ = try await RecordingTransport(live: ScriptedBackend.echo(), recorder: recorder).send(list)
    // No finish(): the recording dies here, leaving the .partial.
    let replay = try ReplayTransport(path: path + ".partial", options: ReplayOptions(salvagesDamage: true))
    #expect(await replay.nextScriptedIntent() == .intent(.load))
    #expect(try await replay.send(list).status == 200)
    #expect(replay.damage == nil, "the damage lies after the answer: not read yet")
    #expect(await replay.nextScriptedIntent() == .end)
    #expect(replay.damage?.code == .truncated)
    // Without salvaging, the damage fails what it leaves unanswered, naming it.
    let strict = try ReplayTransport(path: path + ".partial")
    #expect(try await strict.send(list).status == 200)
    await #expect {
      _ = try await strict.send(TransportRequest(path: "/after/the/damage"))
    } throws: { error in
      (error as? TransportError)?.message.contains("the fixture is damaged") == true
    }
    // Re-recording everything is not blocked by the damage.
    let rerecord = try ReplayTransport(
      path: path + ".partial", options: ReplayOptions(mode: .all, live: ScriptedBackend.echo()))
    #expect(await rerecord.nextScriptedIntent() == .intent(.load))
    #expect(await rerecord.nextScriptedIntent() == .end)
  }

  @Test("a missing fixture is an i/o error in mode none")
  func missingFixtureFails() {
    #expect {
      _ = try ReplayTransport(path: "/nonexistent/none.jsonl.gz")
    } throws: { error in
      (error as? FixtureError)?.code == .io
    }
  }
}

/// A thread-safe counter for stub backends.
final class ReplyCounter: Sendable {
  private let value = Locked(0)
  func next() -> Int {
    value.withLock {
      $0 += 1; return $0
    }
  }
}
