import FixtureKit
import Foundation
import TestSupport
import Testing

@testable import TableFlow

/// `HTTPTransport`'s session-wide limits against `tools/hostile-server.py` on 127.0.0.1: no
/// cookie jar of its own, and a cap on every body of the session together (issue 17 items 6, 9).
@Suite("HTTPTransport session limits", .serialized, .timeLimit(.minutes(5)))
struct SessionLimitsTests {
  @Test("a cookie the backend set is never sent back behind the recorder's back")
  func noCookieJar() async throws {
    let server = try HostileServerTests.server()
    defer { server.stop() }
    let transport = try HTTPTransport(baseURL: server.baseURL.absoluteString)
    let first = try await transport.send(TransportRequest(path: "/echo/api/profile"))
    #expect(first.headers.contains { $0.name.lowercased() == "set-cookie" })
    let second = try await transport.send(TransportRequest(path: "/echo/api/profile"))
    let echoed = try HostileServerTests.echoed(second)
    #expect(!echoed.keys.contains { $0.lowercased() == "cookie" }, "sent \(echoed)")
  }

  @Test("the session's bodies together stop at --max-session-bytes; each one counts as it arrives")
  func sessionCap() async throws {
    let server = try HostileServerTests.server()
    defer { server.stop() }
    let transport = try HTTPTransport(
      baseURL: server.baseURL.absoluteString, maximumSessionBytes: 3 << 20)
    let first = try await transport.send(TransportRequest(path: "/big/\(2 << 20)/x"))
    #expect(first.body.count == 2 << 20)
    let error = await HostileServerTests.failure(transport, "/big/\(2 << 20)/x")
    #expect(error?.code == .responseTooLarge)
    #expect(error?.message.contains("--max-session-bytes") == true)
    // What is left of the cap still serves a small answer.
    let small = try await transport.send(TransportRequest(path: "/big/1000/x"))
    #expect(small.body.count == 1000)
  }
}
