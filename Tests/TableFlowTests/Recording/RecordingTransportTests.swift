import FixtureKit
import Foundation
import TestSupport
import Testing

@testable import TableFlow

@Suite("Recording transport", .timeLimit(.minutes(5)))
struct RecordingTransportTests {
  @Test("requests, responses, failures and intents land in one seq order, relative URLs")
  func recordsOneSessionInOrder() async throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-fixture-tests")
    defer { directory.cleanUp() }
    let path = directory.file("books.jsonl.gz")
    let recorder = try SessionRecorder(
      path: path, feed: "books", tool: "tests", base: "http://127.0.0.1:8080/v1",
      params: ["user": "pmtao"])
    let live = ScriptedBackend { request throws(TransportError) in
      if request.path == "/down" { throw TransportError(.unreachable, "connection refused") }
      return TransportResponse(status: 200, body: Array("ok".utf8), elapsed: .milliseconds(7))
    }
    let transport = RecordingTransport(live: live, recorder: recorder)
    await recorder.record(intent: "load")
    let request = TransportRequest(
      path: "/v2/book/user/pmtao/collections",
      query: [NameValue("status", "wish"), NameValue("start", "0"), NameValue("count", "40")])
    let response = try await transport.send(request)
    #expect(response.body == Array("ok".utf8))
    await recorder.record(intent: "select book-123")
    await #expect(throws: TransportError.self) {
      try await transport.send(TransportRequest(path: "/down"))
    }
    try await recorder.finish()

    let reader = try FixtureReader(path: path)
    #expect(reader.header.feed == "books")
    #expect(reader.header.params == ["user": "pmtao"])
    #expect(reader.header.base == "http://127.0.0.1:8080/v1")
    let records = try reader.readAll()
    #expect(records.map(\.seq) == [1, 2, 3, 4, 5, 6])
    guard records.count == 6 else { return }
    #expect(records[0].entry == .intent("load"))
    #expect(
      records[1].entry
        == .request(
          RecordedRequest(
            method: "GET", url: "/v2/book/user/pmtao/collections?status=wish&start=0&count=40")))
    #expect(
      records[2].entry
        == .response(
          RecordedResponse(request: 2, status: 200, body: Array("ok".utf8), elapsedMilliseconds: 7)))
    #expect(records[3].entry == .intent("select book-123"))
    #expect(records[4].entry == .request(RecordedRequest(method: "GET", url: "/down")))
    #expect(
      records[5].entry
        == .error(RecordedFailure(request: 5, code: "unreachable", message: "connection refused")))
  }

  @Test("secrets in headers, cookies, query, base URL and echoed bodies appear nowhere in the file")
  func secretsNeverReachTheFile() async throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-fixture-tests")
    defer { directory.cleanUp() }
    let path = directory.file("secret.jsonl.gz")
    let token = "tok-3f9a8b7c6d5e4f"
    let cookie = "sess-aa11bb22cc33"
    let apiKey = "key-0123456789abcdef"
    let password = "hunter2-hunter2"
    let custom = "custom-header-secret"
    let recorder = try SessionRecorder(
      path: path, feed: "signin", tool: "tests", base: "https://alice:\(password)@example.com/api",
      redaction: Redaction(extraNames: ["X-Custom-Auth"], bodyPatterns: ["bodysecret-42"]))
    let live = ScriptedBackend { request in
      // A careless backend that echoes everything back, including a fresh cookie.
      let echoed = request.headers.map { "\($0.name)=\($0.value)" }.joined(separator: ";")
      return TransportResponse(
        status: 200, headers: [NameValue("Set-Cookie", "session=\(cookie); HttpOnly")],
        body: Array("echo \(echoed) \(request.relativeURL) bodysecret-42".utf8))
    }
    let transport = RecordingTransport(live: live, recorder: recorder)
    _ = try await transport.send(
      TransportRequest(
        method: "POST", path: "/api/session",
        query: [NameValue("access_token", token), NameValue("api_key", apiKey), NameValue("page", "2")],
        headers: [
          NameValue("Authorization", "Bearer \(token)"), NameValue("Cookie", "session=\(cookie); theme=dark"),
          NameValue("X-API-Key", apiKey), NameValue("X-Custom-Auth", custom),
          NameValue("Content-Type", "application/x-www-form-urlencoded"),
        ],
        body: Array("user=alice&password=\(password)&note=bodysecret-42".utf8)))
    _ = try await transport.send(
      TransportRequest(
        method: "POST", path: "/api/session", body: Array("user=bob&password=\(password)x".utf8)))
    try await recorder.finish()

    let bytes = try zcat(path)
    #expect(!bytes.isEmpty)
    for secret in [token, cookie, apiKey, password, custom, "bodysecret-42"] {
      let leaked = bytes.contains(bytes: secret)
      #expect(!leaked, "secret \(secret) leaked")
    }
    #expect(bytes.contains(bytes: "REDACTED"))
    #expect(bytes.contains(bytes: "page=2"))
    #expect(bytes.contains(bytes: "https://example.com/api"))
  }

  @Test("a recorder that cannot create its file fails with an i/o error naming the path")
  func unwritableDirectoryFails() {
    #expect {
      _ = try SessionRecorder(path: "/nonexistent-dir/x.jsonl.gz", feed: "books", tool: "tests")
    } throws: { error in
      (error as? FixtureError)?.code == .io
        && (error as? FixtureError)?.file == "/nonexistent-dir/x.jsonl.gz.partial"
    }
  }
}

@Suite("Recording transport under concurrency", .timeLimit(.minutes(5)))
struct RecordingConcurrencyTests {
  @Test("concurrent requests and intents get unique seqs and every response names its request")
  func concurrentExchangesPairCorrectly() async throws {
    let directory = try TemporaryDirectory(prefix: "tableflow-fixture-tests")
    defer { directory.cleanUp() }
    let path = directory.file("concurrent.jsonl.gz")
    let recorder = try SessionRecorder(path: path, feed: "books", tool: "tests")
    let transport = RecordingTransport(live: ScriptedBackend.echo(), recorder: recorder)
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<40 {
        group.addTask {
          if index % 4 == 0 { await recorder.record(intent: "select book-\(index)") }
          _ = try? await transport.send(TransportRequest(path: "/v2/book/\(index)/reviews"))
        }
      }
    }
    try await recorder.finish()
    let records = try FixtureReader(path: path).readAll()
    #expect(records.map(\.seq) == Array(1...records.count))
    var requests: [Int: String] = [:]
    var answered = 0
    for record in records {
      switch record.entry {
      case .request(let request): requests[record.seq] = request.url
      case .response(let response):
        let url = try #require(requests[response.request])
        #expect(String(decoding: response.body, as: UTF8.self) == "answer to GET \(url)")
        answered += 1
      default: break
      }
    }
    #expect(requests.count == 40)
    #expect(answered == 40)
    #expect(records.filter { if case .intent = $0.entry { true } else { false } }.count == 10)
  }
}

@Suite("SessionRecorder refuses what would not replay", .timeLimit(.minutes(5)))
struct SessionRecorderRefusalTests {
  @Test("an intent holding a line break fails the recording and leaves no fixture")
  func intentWithLineBreak() async throws {
    let folder = try TemporaryDirectory(prefix: "tableflow-recorder")
    defer { folder.cleanUp() }
    let path = folder.file("session.jsonl.gz")
    let recorder = try SessionRecorder(path: path, feed: "signin", tool: "tests")
    await recorder.record(intent: "load")
    await recorder.record(intent: "edit password one\ntwo")
    let failure = try #require(await recorder.writeFailure)
    #expect(failure.message.contains("line break"))
    await #expect(throws: FixtureError.self) { try await recorder.finish() }
    #expect(!FileManager.default.fileExists(atPath: path))
    try await recorder.keepPartial()
    let records = try FixtureReader(path: path + ".partial").readAll()
    #expect(records.map(\.entry) == [.intent("load")])
  }
}
