import Feeds
import TableCore
import TableFlow
import Testing

@Suite("BuiltinFeeds")
struct BuiltinFeedsTests {
  @Test("lists books, profile, signin, photos and providers, each found by name")
  func listsFeeds() {
    #expect(BuiltinFeeds.all.map(\.name) == ["books", "profile", "signin", "photos", "providers"])
    #expect(BuiltinFeeds.named("profile")?.screenNames == ["profile"])
    #expect(BuiltinFeeds.named("nope") == nil)
  }

  @Test("checks parameters: defaults, unknown names and bad values")
  func checksParameters() throws {
    #expect(try BooksFeed().rootScreen(parameters: [:]).name == "books")
    #expect(throws: FeedError.self) { try BooksFeed().rootScreen(parameters: ["usr": "x"]) }
    #expect(throws: FeedError.self) { try BooksFeed().rootScreen(parameters: ["user": "a/b"]) }
    #expect(throws: FeedError.self) { try BooksFeed().rootScreen(parameters: ["count": "0"]) }
    #expect(throws: FeedError.self) { try PhotosFeed().rootScreen(parameters: ["user": "x"]) }
    let screen = try #require(
      try BooksFeed().rootScreen(parameters: ["user": "tom", "count": "5"]) as? BookListScreen)
    #expect(screen.user == "tom" && screen.pageSize == 5)
  }
}
