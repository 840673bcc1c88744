import Feeds
import TableCore
import TableFlow
import Testing

@Suite("PhotosTransform")
struct PhotosTransformTests {
  @Test("feeds one photo cell kind from photos and albums, 80 points a row")
  func oneKindTwoModels() throws {
    let json = """
      {"photos":[{"id":"p1","name":"IMG_1.jpg","title":"西湖 🌅","url":"u"},{"id":"p1","name":"dup","title":"dup"}],
      "albums":[{"id":"a1","name":"Family","title":"3 photos","photoCount":3}]}
      """
    let snapshot = PhotosTransform.snapshot(try TestData.decode(PhotoLibrary.self, json))
    let rows = snapshot.sections.flatMap(\.rows)
    #expect(rows.map(\.id) == ["album-a1", "photo-p1"])
    #expect(Set(rows.map(\.kind)) == ["photo"])
    #expect(rows.allSatisfy { $0.height == 80 })
    #expect(rows[0].model.as(Album.self)?.name == "Family")
    #expect(rows[1].model.as(Photo.self)?.title == "西湖 🌅")
    #expect(rows[1].fields.map(\.name) == ["name", "title"])
  }

  @Test("an empty library shows no sections")
  func emptyLibrary() throws {
    #expect(PhotosTransform.snapshot(try TestData.decode(PhotoLibrary.self, "{}")).sections.isEmpty)
  }
}

@Suite("SignInTransform")
struct SignInTransformTests {
  @Test("the first page is a static form with a link to the password page")
  func firstPage() {
    let snapshot = SignInTransform.signInPage(username: "pmtao")
    #expect(snapshot.sections.allSatisfy { $0.style == .static })
    #expect(snapshot.sections[0].rows.map(\.kind) == ["textField", "pushLink"])
  }

  @Test("the password field never shows the password or its length")
  func masksPassword() {
    let short = SignInTransform.passwordPage(username: "pmtao", password: "ab", result: nil)
    let long = SignInTransform.passwordPage(username: "pmtao", password: "a much longer secret", result: nil)
    let field = short.sections[0].rows[1]
    #expect(field.fields[2].value == .text("••••••••"))
    #expect(short == long)
    #expect(!short.sections.contains { $0.id == SignInTransform.resultSectionID })
  }

  @Test("shows the backend's answer in a result row")
  func showsResult() {
    let failed = SessionResponse(data: nil, error: 1, message: "Wrong password for pmtao")
    let snapshot = SignInTransform.passwordPage(username: "pmtao", password: "x", result: failed)
    let row = try? #require(snapshot.sections.last?.rows.first)
    #expect(row?.id == SignInTransform.resultRowID)
    #expect(row?.fields.map(\.value) == [.bool(false), .text("Wrong password for pmtao")])
  }
}

@Suite("BuiltinFeeds")
struct BuiltinFeedsTests {
  @Test("lists books, profile, signin and photos, each found by name")
  func listsFeeds() {
    #expect(BuiltinFeeds.all.map(\.name) == ["books", "profile", "signin", "photos"])
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
