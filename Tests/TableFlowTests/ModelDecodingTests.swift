import TableCore
import TableFlow
import Testing

/// A screen that combines two endpoints of different shapes, each request naming its model.
@Suite("A request names the model it decodes into", .timeLimit(.minutes(5)))
struct ModelDecodingTests {
  struct Profile: Decodable, Sendable { let name: String }
  struct Photos: Decodable, Sendable { let photos: [String] }

  struct Cell: CellModel {
    let text: String
    var fields: [Field] { [Field("text", .text(text))] }
    var height: Double { 44 }
  }

  /// Answers `/profile` and `/photos` with JSON of different shapes.
  struct TwoEndpoints: Transport {
    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
      switch request.path {
      case "/profile": TransportResponse(status: 200, body: Array(#"{"name":"Ann"}"#.utf8))
      case "/photos": TransportResponse(status: 200, body: Array(#"{"photos":["p1","p2"]}"#.utf8))
      default: TransportResponse(status: 404, body: [])
      }
    }
  }

  struct ProfileWithPhotos: Screen {
    var name: String { "profile" }

    func requests(for load: ScreenLoad, state: ScreenState<Profile>) -> [ScreenRequest] {
      [.get("/profile"), ScreenRequest.get("/photos", slot: "photos").decoding(as: Photos.self)]
    }

    func sections(for state: ScreenState<Profile>) throws -> [Section] {
      guard let profile = state.model, let photos = state.pages(in: "photos", as: Photos.self).last else {
        return []
      }
      return [
        Section(id: "me", rows: [Row(id: "me", kind: "text", model: Cell(text: profile.name))]),
        Section(
          id: "photos", rows: photos.photos.map { Row(id: RowID($0), kind: "text", model: Cell(text: $0)) }),
      ]
    }
  }

  struct OneFeed: Feed {
    let name = "profile"
    func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen { ProfileWithPhotos() }
  }

  @Test("both answers reach the screen, each in its own model, after a load and a refresh")
  func combinesTwoShapes() async throws {
    let pipeline = try Pipeline(feed: OneFeed(), transport: TwoEndpoints())
    var last: TableSnapshot?
    let outcome = await pipeline.run([.load, .refresh]) { event in
      if let update = event.event.presentedUpdate { last = update.snapshot }
    }
    #expect(outcome.worstFailure == nil)
    let snapshot = try #require(last)
    #expect(snapshot.sections.map(\.id) == ["me", "photos"])
    #expect(snapshot.sections[1].rows.map(\.id) == ["p1", "p2"])
  }

  @Test("pages(in:as:) sees only answers of that type; a state without them is empty")
  func typedAccess() {
    let state = ScreenState<Profile>(pages: ["main": [Profile(name: "Ann")]])
    #expect(state.pages(in: "photos", as: Photos.self).isEmpty)
    #expect(ModelDecoding(Photos.self) == ModelDecoding(Photos.self))
    #expect(ModelDecoding(Photos.self) != ModelDecoding(Profile.self))
    #expect(ScreenRequest.get("/photos").decoding(as: Photos.self).decoding?.description == "Photos")
  }
}
