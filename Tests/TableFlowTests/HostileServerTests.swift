import FixtureKit
import Foundation
import TestSupport
import Testing

@testable import TableFlow

/// `HTTPTransport` against `tools/hostile-server.py` on 127.0.0.1: redirects across origins,
/// oversized and gzip-bomb bodies, a slow drip, and a backend that echoes credentials.
@Suite("Hostile servers", .serialized, .timeLimit(.minutes(5)))
struct HostileServerTests {
  static func server() throws -> APIServer {
    try APIServer(script: "tools/hostile-server.py", arguments: ["--max-requests", "20", "--lifetime", "90"])
  }

  static func echoed(_ response: TransportResponse) throws -> [String: String] {
    let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    let echo = object?["echo"] as? [String: Any]
    return (echo?["headers"] as? [String: String]) ?? [:]
  }

  static func failure(
    _ transport: HTTPTransport, _ path: String
  ) async -> TransportError? {
    do {
      _ = try await transport.send(TransportRequest(path: RequestPath(encoded: path)))
      return nil
    } catch {
      return error
    }
  }

  @Test("a same-origin redirect is followed with the configured headers")
  func sameOriginRedirect() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let transport = try HTTPTransport(
      baseURL: server.baseURL.absoluteString, headers: [NameValue("X-Api-Key", "key-same-origin-1")])
    let response = try await transport.send(TransportRequest(path: "/redirect-same/api"))
    #expect(response.status == 200)
    #expect(try Self.echoed(response)["X-Api-Key"] == "key-same-origin-1")
  }

  @Test("a cross-origin redirect is refused by default")
  func crossOriginRefused() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let transport = try HTTPTransport(
      baseURL: server.baseURL.absoluteString, headers: [NameValue("Authorization", "Bearer cross-origin-2")])
    let error = await Self.failure(transport, "/redirect-cross/api")
    #expect(error?.code == .redirectRefused)
    #expect(error?.message.contains("http://localhost:") == true)
  }

  @Test("with cross-origin redirects allowed, no credential reaches the other origin")
  func crossOriginFollowedWithoutCredentials() async throws {
    let server = try Self.server()
    defer { server.stop() }
    var base = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)
    base?.user = "alice"
    base?.password = "pw-cross-3"
    let transport = try HTTPTransport(
      baseURL: try #require(base?.string),
      headers: [NameValue("X-Custom", "custom-cross-4"), NameValue("Cookie", "session=cookie-cross-5")],
      followsCrossOriginRedirects: true)
    let response = try await transport.send(
      TransportRequest(path: "/redirect-cross/api", headers: [NameValue("X-Session-Token", "token-cross-6")]))
    #expect(response.status == 200)
    let headers = try Self.echoed(response)
    #expect(headers["Host"]?.hasPrefix("localhost:") == true)
    for name in ["Authorization", "X-Custom", "Cookie", "X-Session-Token"] {
      #expect(headers[name] == nil, "\(name) was forwarded to another origin")
    }
    // The same transport, same origin: the credentials are sent.
    let direct = try Self.echoed(try await transport.send(TransportRequest(path: "/echo")))
    #expect(direct["Authorization"] == "Basic " + Data("alice:pw-cross-3".utf8).base64EncodedString())
    #expect(direct["X-Custom"] == "custom-cross-4")
  }

  @Test("a body over the cap fails fast: 64 MiB against a 1 MiB cap")
  func sizeCap() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let transport = try HTTPTransport(baseURL: server.baseURL.absoluteString, maximumResponseBytes: 1 << 20)
    let start = ContinuousClock.now
    let error = await Self.failure(transport, "/big/\(64 << 20)/x")
    #expect(error?.code == .responseTooLarge)
    #expect(ContinuousClock.now - start < .seconds(20))
    let small = try await transport.send(TransportRequest(path: "/big/\(1 << 20)/x"))
    #expect(small.body.count == 1 << 20)
  }

  @Test("the cap counts decoded bytes: a gzip body inflating to 1 GiB stops at 1 MiB")
  func gzipBomb() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let transport = try HTTPTransport(baseURL: server.baseURL.absoluteString, maximumResponseBytes: 1 << 20)
    let error = await Self.failure(transport, "/bomb/\(1 << 30)/x")
    #expect(error?.code == .responseTooLarge)
  }

  @Test("the total deadline ends a body that drips one byte at a time")
  func deadline() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let transport = try HTTPTransport(baseURL: server.baseURL.absoluteString, timeout: .seconds(1))
    let start = ContinuousClock.now
    let error = await Self.failure(transport, "/drip/1000/100/x")
    #expect(error?.code == .timedOut)
    #expect(error?.message.contains("within 1 s") == true)
    #expect(ContinuousClock.now - start < .seconds(10))
  }

  @Test("recording through HTTPTransport: configured credentials and echoed tokens never reach the file")
  func recordingScrubsEchoes() async throws {
    let server = try Self.server()
    defer { server.stop() }
    let directory = try TemporaryDirectory(prefix: "tableflow-hostile")
    defer { directory.cleanUp() }
    let path = directory.file("echo.jsonl.gz")
    var base = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)
    base?.user = "alice"
    base?.password = "pw-echo-7"
    let baseURL = try #require(base?.string)
    let live = try HTTPTransport(baseURL: baseURL, headers: [NameValue("X-Trace", "trace-echo-8")])
    #expect(!live.baseURL.contains("pw-echo-7"))
    let recorder = try SessionRecorder(path: path, feed: "probe", tool: "tests", base: baseURL)
    let transport = RecordingTransport(live: live, recorder: recorder)
    let response = try await transport.send(
      TransportRequest(
        method: "POST", path: "/echo", headers: [NameValue("Content-Type", "application/json")],
        body: Array(#"{"username":"pmtao","password":"pw-body-9"}"#.utf8)))
    // The live answer is untouched: redaction is for the file only.
    #expect(try Self.echoed(response)["X-Trace"] == "trace-echo-8")
    try await recorder.finish()
    let bytes = try zcat(path)
    let secrets = [
      "pw-echo-7", Data("alice:pw-echo-7".utf8).base64EncodedString(), "trace-echo-8", "pw-body-9",
      "srv-token-5d41402abc4b2a76b9719d911017c592", "srv-session-7e3c1b9f2d",
    ]
    for secret in secrets { #expect(!bytes.contains(bytes: secret), "\(secret) leaked") }
    #expect(bytes.contains(bytes: #"["X-Trace","REDACTED"]"#))
    #expect(bytes.contains(bytes: #"\"fullName\": \"Echo\""#))
  }
}

@Suite("HTTP origins and credentials")
struct HTTPOriginTests {
  @Test("an origin is scheme, host and port, the default port filled in")
  func origins() {
    let plain = HTTPOrigin(URL(string: "http://Example.com/a"))
    #expect(plain == HTTPOrigin(URL(string: "http://example.com:80/b?c")))
    #expect(plain != HTTPOrigin(URL(string: "https://example.com/a")))
    #expect(plain != HTTPOrigin(URL(string: "http://example.com:8080/a")))
    #expect(plain != HTTPOrigin(URL(string: "http://example.org/a")))
    #expect(
      HTTPOrigin(URL(string: "https://example.com")) == HTTPOrigin(URL(string: "https://example.com:443")))
  }

  @Test("credentials in a base URL become a Basic header and leave baseURL")
  func userInfo() throws {
    let transport = try HTTPTransport(baseURL: "http://al%40ice:p%3Aw@127.0.0.1:9/v1/")
    #expect(transport.baseURL == "http://127.0.0.1:9/v1")
    #expect(
      transport.addedHeaders == [
        NameValue("Authorization", "Basic " + Data("al@ice:p:w".utf8).base64EncodedString())
      ])
    let request = try transport.makeURLRequest(TransportRequest(path: "/a"))
    #expect(request.url?.absoluteString == "http://127.0.0.1:9/v1/a")
    #expect(request.value(forHTTPHeaderField: "Authorization")?.hasPrefix("Basic ") == true)
    let explicit = try HTTPTransport(
      baseURL: "http://u:p@127.0.0.1:9", headers: [NameValue("Authorization", "Bearer given-token")])
    #expect(explicit.addedHeaders == [NameValue("Authorization", "Bearer given-token")])
  }
}
