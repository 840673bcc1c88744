import Foundation
import TableCore
import TestSupport
import Testing

@testable import TableFlow

/// The fault paths against a real HTTP server on 127.0.0.1 (`tools/api-server.py`).
@Suite("HTTP faults", .serialized, .timeLimit(.minutes(5)))
struct HTTPFaultTests {
  static func session(
    _ intents: [Intent], baseURL: String, headers: [NameValue] = [], timeout: Duration = .seconds(10)
  ) async throws -> (log: String, outcome: SessionOutcome) {
    let transport = try HTTPTransport(baseURL: baseURL, headers: headers, timeout: timeout)
    let pipeline = try Pipeline(feed: ProbeFeed(), transport: transport)
    var writer = TextLogWriter()
    var log = ""
    let outcome = await pipeline.run(intents) { log += writer.text(for: $0) }
    return (log, outcome)
  }

  @Test("a live load through HTTPTransport, with a path prefix on the base URL")
  func liveWithPrefix() async throws {
    let server = try APIServer(arguments: ["--prefix", "/v1"])
    defer { server.stop() }
    let (log, outcome) = try await Self.session([.load], baseURL: server.baseURL.absoluteString)
    #expect(outcome.exitCode == 0)
    #expect(log.contains("GET /api/profile → 200"))
    #expect(log.contains(#"0.0 text name  title="Tom Sawyer""#))
  }

  @Test("HTTP 500 is a network failure with a visible error row; a retry recovers")
  func serverError() async throws {
    let server = try APIServer()
    defer { server.stop() }
    try await server.queueFault("status=500", count: 1, pathPrefix: "/api/profile")
    let (log, outcome) = try await Self.session(
      [.load, .select(StatusRows.errorID)], baseURL: server.baseURL.absoluteString)
    #expect(log.contains("error fetch/network in probe: HTTP 500 for GET /api/profile\n"))
    #expect(log.contains(#"error tableflow.error  message="HTTP 500 for GET /api/profile""#))
    #expect(log.contains(#"title="Tom Sawyer""#))
    #expect(outcome.worstFailure?.category == .network)
    #expect(outcome.exitCode == 69)
  }

  @Test("HTTP 404 is a network failure")
  func notFound() async throws {
    let server = try APIServer()
    defer { server.stop() }
    let (log, outcome) = try await Self.session(
      [.load], baseURL: server.baseURL.absoluteString, headers: [NameValue("X-Fault", "status=404")])
    #expect(log.contains("HTTP 404 for GET /api/profile"))
    #expect(outcome.exitCode == 69)
  }

  @Test("malformed JSON is a data failure naming the byte offset")
  func malformed() async throws {
    let server = try APIServer()
    defer { server.stop() }
    let (log, outcome) = try await Self.session(
      [.load], baseURL: server.baseURL.absoluteString, headers: [NameValue("X-Fault", "malformed")])
    #expect(log.contains("error decode/data in probe: malformed JSON in response to GET /api/profile, byte "))
    #expect(outcome.exitCode == 65)
  }

  @Test("a dropped connection is a network failure")
  func dropped() async throws {
    let server = try APIServer()
    defer { server.stop() }
    let (log, outcome) = try await Self.session(
      [.load], baseURL: server.baseURL.absoluteString, headers: [NameValue("X-Fault", "drop")])
    #expect(log.contains("error fetch/network in probe: GET /api/profile: unreachable"))
    #expect(outcome.exitCode == 69)
  }

  @Test("a slow answer past the timeout is a timed-out network failure")
  func timeout() async throws {
    let server = try APIServer()
    defer { server.stop() }
    let (log, outcome) = try await Self.session(
      [.load], baseURL: server.baseURL.absoluteString, headers: [NameValue("X-Fault", "slow=3000")],
      timeout: .milliseconds(300))
    #expect(log.contains("error fetch/network in probe: GET /api/profile: timed out"))
    #expect(outcome.exitCode == 69)
  }

  @Test("a refused connection is a network failure; the pipeline keeps running")
  func refused() async throws {
    // Start a server to learn a free port, then stop it: nothing listens there any more.
    let server = try APIServer()
    let base = server.baseURL.absoluteString
    server.stop()
    let (log, outcome) = try await Self.session(
      [.load, .refresh, .select(StatusRows.errorID)], baseURL: base)
    #expect(log.contains("GET /api/profile: unreachable: connection refused"))
    #expect(log.components(separatedBy: "error fetch/network").count == 4)
    #expect(outcome.exitCode == 69)
    #expect(!outcome.wasCancelled)
  }

  @Test("cancelling the consumer stops a request in flight promptly")
  func cancelInFlight() async throws {
    let server = try APIServer()
    defer { server.stop() }
    let transport = try HTTPTransport(
      baseURL: server.baseURL.absoluteString, headers: [NameValue("X-Fault", "slow=20000")])
    let pipeline = try Pipeline(feed: ProbeFeed(), transport: transport)
    let (started, signal) = AsyncStream<Void>.makeStream()
    let consumer = Task {
      await pipeline.run([.load]) { event in
        if event.event.kind == .requestStarted { signal.yield() }
      }
    }
    for await _ in started { break }
    let clock = ContinuousClock()
    let start = clock.now
    consumer.cancel()
    let outcome = await consumer.value
    #expect(outcome.wasCancelled)
    #expect(clock.now - start < .seconds(5))
  }

  @Test("a base URL that is not http is refused up front")
  func badBaseURL() {
    #expect(throws: TransportError.self) { _ = try HTTPTransport(baseURL: "ftp://example.com") }
    #expect(throws: TransportError.self) { _ = try HTTPTransport(baseURL: "not a url") }
  }

  @Test("the base URL's path prefix is kept in front of every path")
  func urlForming() throws {
    let transport = try HTTPTransport(baseURL: "http://127.0.0.1:8080/v1/")
    let request = try transport.makeURLRequest(
      TransportRequest(path: "/v2/book/1/reviews", query: [NameValue("start", "0"), NameValue("q", "a b")]))
    #expect(request.url?.absoluteString == "http://127.0.0.1:8080/v1/v2/book/1/reviews?start=0&q=a%20b")
  }
}
