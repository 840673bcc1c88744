import Foundation
import TestSupport
import Testing

@testable import TableFlow

/// Issue 17 item 7: backend ids are path segment text, never path structure or a query; the
/// transport never sends a request outside the base URL's path; a base URL's query is joined.
@Suite("Request paths")
struct RequestPathTests {
  static let forged = "../../../../evil/x?steal=1#"

  @Test("an interpolated id stays inside its segment: no '/', '?', '#', '%' or '..' gets through")
  func interpolatedIDsAreEncoded() {
    let id = Self.forged
    #expect(
      ScreenRequest.post("/v2/book/\(id)/collection", json: []).request.relativeURL
        == "/v2/book/..%2F..%2F..%2F..%2Fevil%2Fx%3Fsteal%3D1%23/collection")
    #expect(ScreenRequest.get("/v2/book/\(id)/reviews").request.query.isEmpty)
    let percent = "100%25"
    #expect(ScreenRequest.get("/a/\(percent)").request.relativeURL == "/a/100%2525")
    let dots = ".."
    #expect(ScreenRequest.get("/a/\(dots)/b").request.relativeURL == "/a/%2E%2E/b")
    let unicode = "读 书"
    #expect(ScreenRequest.get("/a/\(unicode)").request.relativeURL == "/a/%E8%AF%BB%20%E4%B9%A6")
    let number = 42
    #expect(ScreenRequest.get("/a/\(number)-x").request.relativeURL == "/a/42-x")
  }

  @Test("plain ids and literal paths are unchanged (recorded fixtures keep matching)")
  func plainPathsUnchanged() {
    let user = "pmtao"
    let request = ScreenRequest.get(
      "/v2/book/user/\(user)/collections", query: ["status": "wish", "start": "0"])
    #expect(request.request.relativeURL == "/v2/book/user/pmtao/collections?status=wish&start=0")
    #expect(ScreenRequest.get("/api/profile").request.relativeURL == "/api/profile")
    let path = "/api/profile"
    #expect(ScreenRequest.get(RequestPath(encoded: path)).request.relativeURL == "/api/profile")
  }

  @Test("paths built piece by piece, as a template engine would")
  func builtPaths() {
    #expect(RequestPath(segments: ["v2", "book", "a/b", "."]).encoded == "/v2/book/a%2Fb/%2E")
    #expect(RequestPath(segments: []).encoded == "/")
    let path = RequestPath("/v2/book").appending("x?y").appending(literal: "/page-").appending(value: "1#")
    #expect(path.encoded == "/v2/book/x%3Fy/page-1%23")
    let prefix: RequestPath = "/v1"
    #expect(RequestPath("\(trusted: prefix)/book/\("a/b")").encoded == "/v1/book/a%2Fb")
  }

  @Test("a path given as text never carries a query or fragment")
  func textPathsAreNormalized() {
    #expect(TransportRequest(path: "/a?b#c d").relativeURL == "/a%3Fb%23c%20d")
    #expect(TransportRequest(path: "/a%2Fb%zz").relativeURL == "/a%2Fb%25zz")
    #expect(TransportRequest(path: "/a", query: [NameValue("q", "1")]).relativeURL == "/a?q=1")
  }

  @Test(
    "the transport refuses a dot segment, encoded or not, before sending",
    arguments: ["/../evil", "/api/./x", "/api/%2e%2E/x", "/api/%2E", "relative"])
  func dotSegmentsRefused(path: String) throws {
    let transport = try HTTPTransport(baseURL: "http://127.0.0.1:9/api")
    let request = TransportRequest(path: RequestPath(encoded: path))
    #expect(throws: TransportError.self) { try transport.makeURLRequest(request) }
    do {
      _ = try transport.makeURLRequest(request)
    } catch {
      #expect(error.code == .invalidRequest)
    }
  }

  @Test("a base URL with a query: the path goes below the base path, the base's query first")
  func baseQueryJoined() throws {
    let transport = try HTTPTransport(baseURL: "http://127.0.0.1:9/echo/?access_token=X#frag")
    #expect(transport.baseURL == "http://127.0.0.1:9/echo?access_token=X")
    let plain = try transport.makeURLRequest(TransportRequest(path: "/api/profile"))
    #expect(plain.url?.absoluteString == "http://127.0.0.1:9/echo/api/profile?access_token=X")
    let withQuery = try transport.makeURLRequest(
      TransportRequest(path: "/api/profile", query: [NameValue("start", "0")]))
    #expect(withQuery.url?.absoluteString == "http://127.0.0.1:9/echo/api/profile?access_token=X&start=0")
    let root = try HTTPTransport(baseURL: "http://user:pw@127.0.0.1:9?k=v")
    #expect(root.baseURL == "http://127.0.0.1:9?k=v")
    #expect(
      try root.makeURLRequest(TransportRequest(path: "/a")).url?.absoluteString == "http://127.0.0.1:9/a?k=v")
  }

  @Test(
    "a forged id reaches the server as one segment below the base path, with no forged query",
    .timeLimit(.minutes(5)))
  func forgedIDOnTheWire() async throws {
    let server = try APIServer(
      script: "tools/hostile-server.py", arguments: ["--max-requests", "5", "--lifetime", "60"])
    defer { server.stop() }
    let transport = try HTTPTransport(
      baseURL: server.baseURL.absoluteString + "/echo?access_token=tok-base-7",
      headers: [NameValue("Authorization", "Bearer path-secret-8")])
    let id = Self.forged
    let request = ScreenRequest.post("/v2/book/\(id)/collection", json: Array("{}".utf8)).request
    let response = try await transport.send(request)
    let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
    let echo = object?["echo"] as? [String: Any]
    #expect(
      echo?["path"] as? String
        == "/echo/v2/book/..%2F..%2F..%2F..%2Fevil%2Fx%3Fsteal%3D1%23/collection?access_token=tok-base-7")
  }
}
