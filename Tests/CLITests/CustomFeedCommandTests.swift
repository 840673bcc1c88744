import Feeds
import Foundation
import TableCore
import TableFlow
import TestSupport
import Testing

@testable import CLIKit

/// A feed of the test's own, as a user's program would define it: the profile endpoint's
/// friends as a one-section table.
struct FriendsFeed: Feed {
  struct Response: Decodable, Sendable {
    struct Profile: Decodable, Sendable { let friends: [Friend]? }
    struct Friend: Decodable, Sendable { let name: String }
    let data: Profile
  }

  struct FriendCell: CellModel {
    let name: String
    var fields: [Field] { [Field("name", .text(name))] }
    var height: Double { 44 }
  }

  struct FriendsScreen: Screen {
    var name: String { "friends" }

    func requests(for load: ScreenLoad, state: ScreenState<Response>) -> [ScreenRequest] {
      [.get("/api/profile")]
    }

    func sections(for state: ScreenState<Response>) throws -> [Section] {
      guard let friends = state.model?.data.friends else { return [] }
      let rows = friends.map { Row(id: RowID($0.name), kind: "friend", model: FriendCell(name: $0.name)) }
      return [Section(id: "friends", header: "Friends", rows: rows)]
    }
  }

  let name = "friends"
  var summary: String { "the profile's friends, one row each" }
  var screenNames: [String] { ["friends"] }
  func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen { FriendsScreen() }
}

@Suite("Tableflow.main(feeds:): the command line for a program's own feeds", .timeLimit(.minutes(5)))
struct CustomFeedCommandTests {
  static func main(_ arguments: [String]) async -> (code: ExitCode, out: String, err: String) {
    let out = MemorySink()
    let err = MemorySink()
    let code = await Tableflow.main(arguments, feeds: [FriendsFeed()], io: CommandIO(out: out, err: err))
    return (code, out.text, err.text)
  }

  @Test("feeds lists the program's feed first, then the built-in ones")
  func listsFeeds() async {
    let (code, out, _) = await Self.main(["feeds"])
    #expect(code == .success)
    let names = out.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { $0.split(separator: " ")[0] }
    #expect(names == ["friends", "books", "profile", "signin", "photos", "providers"])
  }

  @Test("run records the program's feed live; replay, verify and inspect then work on it")
  func recordReplayVerify() async throws {
    let server = try APIServer()
    defer { server.stop() }
    let folder = try TemporaryDirectory(prefix: "custom-feed-tests")
    defer { folder.cleanUp() }
    let fixture = folder.file("friends.jsonl.gz")
    let live = await Self.main([
      "run", "friends", "--live", server.baseURL.absoluteString, "--record", fixture,
    ])
    #expect(live.code == .success, "\(live.err)")
    #expect(live.out.contains("friends v2"))
    #expect(live.out.contains("friend "))

    let replayed = await Self.main(["replay", fixture])
    #expect(replayed.code == .success)
    #expect(replayed.out == live.out)

    try Data(live.out.utf8).write(to: URL(fileURLWithPath: folder.file("friends.log")))
    let verified = await Self.main(["verify", folder.path, "--jobs", "1"])
    #expect(verified.code == .success, "\(verified.err)")
    #expect(verified.out.hasSuffix("1 passed, 0 failed\n"))

    let inspected = await Self.main(["inspect", fixture])
    #expect(inspected.code == .success)
    #expect(inspected.out.contains("feed     friends"))

    // The built-in tool does not know the feed: the fixture names a feed it lacks.
    let builtin = MemorySink()
    let unknown = await Tableflow.main(["replay", fixture], io: CommandIO(out: MemorySink(), err: builtin))
    #expect(unknown == .dataError)
    #expect(builtin.text.contains("unknown feed 'friends'"))
  }

  @Test("a program's feed named like a built-in one replaces it")
  func overridesBuiltin() {
    struct Books: Feed {
      let name = "books"
      var summary: String { "mine" }
      func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen {
        FriendsFeed.FriendsScreen()
      }
    }
    let feeds = Tableflow.feeds(adding: [Books()])
    #expect(feeds.map(\.name) == ["books", "profile", "signin", "photos", "providers"])
    #expect(feeds.first?.summary == "mine")
  }
}
