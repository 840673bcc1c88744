import Foundation
import TableFlow
import TestSupport
import Testing

@testable import Feeds

@Suite("api-server.py", .timeLimit(.minutes(5)))
struct APIServerTests {
  @Test("serves every endpoint in the shapes the feeds decode")
  func servesEveryEndpoint() async throws {
    let server = try APIServer()
    defer { server.stop() }
    let decoder = JSONDecoder()

    let first = try await server.fetch("/v2/book/user/pmtao/collections?status=wish&start=0&count=20")
    #expect(first.status == 200)
    let page = try decoder.decode(BookCollections.self, from: first.body)
    #expect(page.total == 90)
    #expect(page.collections.count == 20)
    #expect(page.collections.valid.allSatisfy { $0.status == "wish" })

    let bookID = try #require(page.collections.valid.first?.book.id)
    let reviews = try await server.fetch("/v2/book/\(bookID)/reviews?start=0&count=3")
    #expect(reviews.status == 200)
    #expect(try decoder.decode(BookReviews.self, from: reviews.body).reviews.count <= 3)

    let profile = try decoder.decode(ProfileResponse.self, from: try await server.fetch("/api/profile").body)
    #expect(profile.data?.fullName == "Tom Sawyer")
    #expect(profile.data?.friends?.count == 3)

    let minimal = try decoder.decode(
      ProfileResponse.self, from: try await server.fetch("/api/profile?variant=minimal").body)
    #expect(minimal.data?.about == nil)
    #expect(minimal.data?.friends?.isEmpty == true)

    let photos = try decoder.decode(PhotoLibrary.self, from: try await server.fetch("/api/photos").body)
    #expect(!photos.photos.isEmpty && !photos.albums.isEmpty)

    let good = try JSONEncoder().encode(SessionRequest(username: "pmtao", password: "plum-tea-7391"))
    let signedIn = try await server.fetch("/api/session", method: "POST", body: good)
    #expect(try decoder.decode(SessionResponse.self, from: signedIn.body).succeeded)
    let bad = try JSONEncoder().encode(SessionRequest(username: "pmtao", password: "nope"))
    let refused = try decoder.decode(
      SessionResponse.self, from: try await server.fetch("/api/session", method: "POST", body: bad).body)
    #expect(!refused.succeeded)
    #expect(refused.message == "Wrong password for pmtao")
  }

  @Test("answers the same bytes on every run")
  func answersDeterministically() async throws {
    let one = try APIServer()
    defer { one.stop() }
    let two = try APIServer()
    defer { two.stop() }
    let path = "/v2/book/user/pmtao/collections?status=read&start=40&count=20"
    let a = try await one.fetch(path)
    let b = try await two.fetch(path)
    #expect(a.body == b.body)
    #expect(!a.body.isEmpty)
  }

  @Test("pages the whole collection with start and count")
  func pagesTheCollection() async throws {
    let server = try APIServer()
    defer { server.stop() }
    var shelf = BookShelf()
    while shelf[.reading].total == nil || shelf[.reading].hasMore {
      let start = shelf.nextStart(for: .reading)
      let page = try await server.fetch(
        "/v2/book/user/pmtao/collections?status=reading&start=\(start)&count=20")
      shelf.append(try JSONDecoder().decode(BookCollections.self, from: page.body), for: .reading)
    }
    #expect(shelf[.reading].entries.count == 45)
    #expect(Set(shelf[.reading].entries.map(\.book.id)).count == 45)
  }

  @Test("injects faults per request, by control and under a prefix")
  func injectsFaults() async throws {
    let server = try APIServer(arguments: ["--prefix", "/v1"])
    defer { server.stop() }
    #expect(try await server.fetch("/api/photos").status == 200)
    #expect(try await server.fetch("/api/photos", headers: ["X-Fault": "status=500"]).status == 500)
    let malformed = try await server.fetch("/api/profile", headers: ["X-Fault": "malformed"])
    #expect(malformed.status == 200)
    #expect(throws: (any Error).self) { try JSONDecoder().decode(ProfileResponse.self, from: malformed.body) }
    await #expect(throws: (any Error).self) {
      try await server.fetch("/api/photos", headers: ["X-Fault": "drop"])
    }

    try await server.queueFault("status=404", count: 1, pathPrefix: "/api/photos")
    #expect(try await server.fetch("/api/profile").status == 200)
    #expect(try await server.fetch("/api/photos").status == 404)
    #expect(try await server.fetch("/api/photos").status == 200)
  }
}

@Suite("api-server.py latency", .timeLimit(.minutes(5)))
struct APIServerLatencyTests {
  /// Without TCP_NODELAY the server sends headers and body in two segments, and every answer
  /// after the first on a kept-open connection waits for the client's delayed ACK (about 40 ms
  /// on Linux), so recorded latencies measured Nagle's algorithm, not the backend.
  @Test("answers on a kept-open connection are not held back ~40 ms by Nagle's algorithm")
  func noNagleDelay() async throws {
    let server = try APIServer()
    defer { server.stop() }
    let transport = try HTTPTransport(baseURL: server.baseURL.absoluteString)
    var milliseconds: [Double] = []
    for _ in 0..<40 {
      let response = try await transport.send(TransportRequest(method: "GET", path: "/api/profile"))
      #expect(response.status == 200)
      let (seconds, attoseconds) = response.elapsed.components
      milliseconds.append(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }
    // A Nagle stall holds back nearly every answer after the first by the delayed-ACK timer,
    // so they bunch at 40–48 ms; a busy machine spreads answers out instead. Counting the
    // answers in that band tells the two apart where a mean, a median or a minimum would not
    // (a stall is occasionally skipped; load only makes answers slower).
    let later = milliseconds.dropFirst()
    let stalled = later.filter { (38.0...52.0).contains($0) }.count
    #expect(stalled < later.count / 2, "recorded latencies: \(milliseconds)")
  }
}
