import TableCore
import TableFlow

/// A one-screen feed over `tools/api-server.py`'s profile endpoint, for fault tests.
struct ProbeFeed: Feed {
  let name = "probe"
  func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen { ProbeScreen() }
}

struct ProfileEnvelope: Decodable, Sendable {
  struct Profile: Decodable, Sendable {
    let fullName: String
  }
  let data: Profile
}

struct ProbeScreen: Screen {
  var name: String { "probe" }

  func requests(for load: ScreenLoad, state: ScreenState<ProfileEnvelope>) -> [ScreenRequest] {
    [.get("/api/profile")]
  }

  func sections(for state: ScreenState<ProfileEnvelope>) throws -> [Section] {
    guard let profile = state.model else { return [] }
    return [
      Section(
        id: "main", rows: [Row(id: "name", kind: "text", model: TitleModel(title: profile.data.fullName))])
    ]
  }
}
