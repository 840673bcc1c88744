import Feeds
import TableCore
import Testing

@Suite("ProfileTransform")
struct ProfileTransformTests {
  @Test("shows Main Info, About, Email, Attributes and Friends for the sample profile")
  func showsEverySection() throws {
    let response = try TestData.decode(ProfileResponse.self, TestData.profileJSON)
    let snapshot = ProfileTransform.snapshot(response)
    #expect(snapshot.sections.map(\.header) == ["Main Info", "About", "Email", "Attributes", "Friends"])
    #expect(snapshot.sections.map(\.rows.count) == [1, 1, 1, 3, 3])
    #expect(
      snapshot.sections[3].rows.map(\.id) == [
        "attribute-Date of birth", "attribute-Gender", "attribute-Height",
      ])
    #expect(snapshot.sections[4].rows.map(\.kind) == ["friend", "friend", "friend"])
    #expect(snapshot.sections[0].rows[0].fields.map(\.value) == [.text("Tom Sawyer"), .text("tom")])
  }

  @Test("a profile with about missing and no friends shows no About and no Friends")
  func hidesMissingSections() throws {
    let json =
      #"{"data":{"id":1,"fullName":"Tom","email":"t@x","friends":[],"profileAttributes":[]},"error":0,"message":"Success"}"#
    let snapshot = ProfileTransform.snapshot(try TestData.decode(ProfileResponse.self, json))
    #expect(snapshot.sections.map(\.id) == ["main-info", "email"])
  }

  @Test("blank text counts as missing, and only the identity is required")
  func blankIsMissing() throws {
    let json = #"{"data":{"id":1,"fullName":"Tom","about":"  \n"},"error":0,"message":""}"#
    let snapshot = ProfileTransform.snapshot(try TestData.decode(ProfileResponse.self, json))
    #expect(snapshot.sections.map(\.id) == ["main-info"])
  }

  @Test("a profile without pictureUrl shows Main Info with the name and no picture")
  func mainInfoWithoutPicture() throws {
    let json = #"{"data":{"id":1,"fullName":"Tom","email":"t@x"},"error":0,"message":"Success"}"#
    let snapshot = ProfileTransform.snapshot(try TestData.decode(ProfileResponse.self, json))
    #expect(snapshot.sections.map(\.id) == ["main-info", "email"])
    #expect(snapshot.sections[0].rows[0].fields.map(\.value) == [.text("Tom"), .text("")])
  }

  @Test("a profile without id shows what it has instead of failing the page")
  func profileWithoutID() throws {
    let json = #"{"data":{"fullName":"Tom","about":"Hi"},"error":0,"message":"Success"}"#
    let response = try TestData.decode(ProfileResponse.self, json)
    #expect(response.data?.id == nil)
    #expect(ProfileTransform.snapshot(response).sections.map(\.id) == ["main-info", "about"])
  }

  @Test("friends with the same name all show, with distinct ids")
  func disambiguatesFriends() throws {
    let profile = Profile(id: 1, fullName: "Tom", friends: [Friend(name: "Joe"), Friend(name: "Joe")])
    let snapshot = ProfileTransform.snapshot(ProfileResponse(data: profile))
    #expect(snapshot.sections.last?.rows.map(\.id) == ["friend-Joe", "friend-Joe#2"])
  }

  @Test("an answer without a profile shows the backend's message")
  func showsBackendMessage() {
    let snapshot = ProfileTransform.snapshot(ProfileResponse(data: nil, error: 3, message: "用户不存在"))
    #expect(snapshot.sections.first?.rows.first?.fields.first?.value == .text("用户不存在"))
  }

  @Test("a collapsed section keeps its header and shows no rows")
  func collapses() throws {
    let response = try TestData.decode(ProfileResponse.self, TestData.profileJSON)
    let snapshot = ProfileTransform.snapshot(response, collapsed: ["friends"])
    let friends = try #require(snapshot.sections.last)
    #expect(friends.isCollapsed && friends.rows.isEmpty && friends.header == "Friends")
  }
}

@Suite("ProfileViewModelItem")
struct ProfileViewModelItemTests {
  @Test("items exist only for data sent; rowCount is 1 unless the section is a list")
  func itemsFollowTheData() throws {
    let full = try #require(try TestData.decode(ProfileResponse.self, TestData.profileJSON).data)
    let items = ProfileTransform.items(for: full)
    #expect(items.map(\.type) == [.mainInfo, .about, .email, .attributes, .friends])
    #expect(items.map(\.rowCount) == [1, 1, 1, 3, 3])
    #expect(items.map(\.sectionTitle) == ["Main Info", "About", "Email", "Attributes", "Friends"])
    #expect(items.allSatisfy { $0.cells.count == $0.rowCount })
    let bare = ProfileTransform.items(
      for: Profile(id: 2, fullName: "Huck", friends: [], profileAttributes: []))
    #expect(bare.map(\.type) == [.mainInfo])
  }
}
