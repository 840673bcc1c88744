import TableCore
import TableFlow
import TestSupport
import Testing

// README: the embedding example, compiled and run here exactly as printed there.

struct ProfileResponse: Decodable, Sendable {
  struct Profile: Decodable, Sendable {
    let fullName: String
    let friends: [Friend]?
  }
  struct Friend: Decodable, Sendable {
    let name: String
  }
  let data: Profile
}

struct NameCell: CellModel {
  let name: String
  var fields: [Field] { [Field("name", .text(name))] }
  var height: Double { 44 }
}

struct ProfileScreen: Screen {
  var name: String { "profile" }

  func requests(for load: ScreenLoad, state: ScreenState<ProfileResponse>) -> [ScreenRequest] {
    [.get("/api/profile")]
  }

  func sections(for state: ScreenState<ProfileResponse>) throws -> [Section] {
    guard let profile = state.model?.data else { return [] }
    let me = Row(id: "me", kind: "name", model: NameCell(name: profile.fullName))
    let friends = (profile.friends ?? []).map {
      Row(id: RowID($0.name), kind: "name", model: NameCell(name: $0.name))
    }
    return [
      Section(id: "me", header: "Me", rows: [me]),
      Section(id: "friends", header: "Friends", rows: friends),
    ]
  }
}

struct ProfileFeed: Feed {
  let name = "profile"
  func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen { ProfileScreen() }
}

func showProfile(baseURL: String) async throws -> PresentedUpdate? {
  let pipeline = try Pipeline(feed: ProfileFeed(), transport: try HTTPTransport(baseURL: baseURL))
  let updates = pipeline.updates  // subscribe before sending intents
  pipeline.send(.load)
  pipeline.finish()  // no more intents: the updates end after this one
  var last: PresentedUpdate?
  for try await update in updates {
    print(
      "\(update.screen.name) v\(update.version): \(update.snapshot.rowCount) rows, \(update.changeset.stages.count) stages"
    )
    // In an app: apply each stage of update.changeset with tableView.performBatchUpdates.
    last = update
  }
  return last
}

@Suite("README: writing your own feed", .timeLimit(.minutes(5)))
struct EmbeddingExampleTests {
  @Test("the example runs against the loopback backend and ends with the loaded profile")
  func example() async throws {
    let server = try APIServer()
    defer { server.stop() }
    let last = try #require(try await showProfile(baseURL: server.baseURL.absoluteString))
    #expect(last.version == 2)
    #expect(last.snapshot.sections.map(\.id) == ["me", "friends"])
    #expect(last.snapshot.rowCount == 4)
  }
}
