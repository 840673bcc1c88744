import Feeds
import Foundation
import TableFlow
import Testing

@Suite("scratch")
struct ScratchTests {
  @Test("prints a live books log")
  func printsLog() async throws {
    let server = try APIServer()
    defer { server.stop() }
    let intents = try Intent.parseScript(
      "load\nload-more wish\nselect book-1000001-rating\nback\nselect book-1000001-info\nback\nrefresh\n")
    let outcome = try await FeedSession.run(
      BooksFeed(), transport: try HTTPTransport(baseURL: server.baseURL.absoluteString), intents: intents)
    try outcome.log.write(toFile: "/tmp/feeds-books.log", atomically: true, encoding: .utf8)
    #expect(outcome.worstFailure == nil)
  }
}
