import Feeds
import Foundation
import TableCore
import TableFlow
import Testing

/// A session's events, as the bus delivered them.
private struct Events {
  var all: [PipelineEvent] = []
  var outcome: SessionOutcome?

  var duplicateLines: [String] {
    all.flatMap { event -> [String] in
      if let reports = event.duplicates { return reports.map(\.line) }
      return []
    }
  }

  var failures: [PipelineFailure] {
    all.compactMap(\.failure)
  }

  var snapshots: [TableSnapshot] {
    all.compactMap { $0.presentedUpdate?.snapshot }
  }

  var cellUpdates: [CellUpdates] {
    all.compactMap(\.cellUpdates)
  }

  static func run(
    _ feed: some Feed, _ transport: MemoryTransport, parameters: FeedParameters = [:], _ intents: [Intent]
  ) async throws -> Events {
    let pipeline = try Pipeline(
      feed: feed, transport: transport, options: PipelineOptions(parameters: parameters))
    var events = Events()
    events.outcome = await pipeline.run(intents) { events.all.append($0.event) }
    return events
  }
}

private func bookJSON(_ id: String, title: String = "三体", status: String = "wish") -> String {
  #"{"status":"\#(status)","book":{"id":"\#(id)","title":"\#(title)","rating":{"average":"8.0","numRaters":1}}}"#
}

private func pageJSON(_ entries: [String], total: Int? = nil) -> String {
  #"{"total":\#(total ?? entries.count),"collections":[\#(entries.joined(separator: ","))]}"#
}

@Suite("Seed screens: tolerant pages, duplicates, grouping, providers", .timeLimit(.minutes(5)))
struct SeedScreensTests {
  static let collections = "/v2/book/user/pmtao/collections"

  @Test("books: a repeated book is dropped once, one log line per row, naming page and entry")
  func booksDuplicateLine() async throws {
    let transport = MemoryTransport([
      "\(Self.collections)?status=wish&start=0&count=20": [
        pageJSON([bookJSON("1"), bookJSON("2"), bookJSON("1")])
      ],
      Self.collections: [pageJSON([])],
    ])
    let events = try await Events.run(
      BooksFeed(), transport, [.load, .collapse("wish"), .expand("wish"), .refresh])
    #expect(
      events.duplicateLines == [
        "dropped duplicate row 'book-1-info' (entry 2 of page wish/0)",
        "dropped duplicate row 'book-1-rating' (entry 2 of page wish/0)",
      ])
    #expect(events.failures.isEmpty)
    let wish = try #require(events.snapshots.last?.sections.first)
    #expect(wish.rows.map(\.id) == ["book-1-info", "book-1-rating", "book-2-info", "book-2-rating"])
  }

  @Test("books: one malformed entry is a placeholder row with its path; the page shows")
  func booksBadItem() async throws {
    let bad = #"{"status":"wish","book":{"id":"9","title":7}}"#
    let transport = MemoryTransport([
      "\(Self.collections)?status=wish&start=0&count=20": [pageJSON([bookJSON("1"), bad, bookJSON("2")])],
      Self.collections: [pageJSON([])],
    ])
    let events = try await Events.run(BooksFeed(), transport, [.load])
    #expect(events.failures.isEmpty)
    let rows = try #require(events.snapshots.last?.sections.first?.rows)
    #expect(
      rows.map(\.id) == [
        "book-1-info", "book-1-rating", "book-invalid-wish-0-1", "book-2-info", "book-2-rating",
      ])
    #expect(rows[2].kind == InvalidItem.kind)
    #expect(rows[2].fields.first == Field("path", .text("collections[1].book.title")))
  }

  @Test("books grouping=status: one status= request of 40, rows grouped by each entry's status")
  func booksGrouped() async throws {
    let entries = [
      bookJSON("1", status: "read"), bookJSON("2", status: "wish"), bookJSON("3", status: "lent"),
      bookJSON("4", status: "read"),
    ]
    let transport = MemoryTransport([Self.collections: [pageJSON(entries)]])
    let events = try await Events.run(BooksFeed(), transport, parameters: ["grouping": "status"], [.load])
    #expect(transport.sent.map(\.relativeURL) == ["\(Self.collections)?status=&start=0&count=40"])
    let sections = try #require(events.snapshots.last?.sections)
    #expect(sections.map(\.id) == ["wish", "read", "lent"])
    #expect(sections.map(\.header) == ["想读", "读过", "lent"])
    #expect(sections[1].rows.map(\.id) == ["book-1-info", "book-1-rating", "book-4-info", "book-4-rating"])
    #expect(throws: FeedError.self) { try BooksFeed().rootScreen(parameters: ["grouping": "shelf"]) }
  }

  @Test("books grouping=status pages the whole collection from the last section")
  func booksGroupedPaging() async throws {
    let transport = MemoryTransport([
      Self.collections: [
        pageJSON([bookJSON("1", status: "wish")], total: 2),
        pageJSON([bookJSON("2", status: "read")], total: 2),
      ]
    ])
    let events = try await Events.run(
      BooksFeed(), transport, parameters: ["grouping": "status", "count": "1"], [.load, .loadMore("wish")])
    #expect(events.failures.isEmpty)
    #expect(transport.sent.last?.relativeURL == "\(Self.collections)?status=&start=1&count=1")
    #expect(events.snapshots.last?.sections.map(\.id) == ["wish", "read"])
  }

  static let profilePath = "/api/profile"

  @Test("profile without fullName: no Main Info, the rest shows; a nameless friend is a placeholder")
  func profileNameless() async throws {
    let json =
      #"{"data":{"id":1,"about":"hi","friends":[{"name":"Huck"},{"pictureUrl":"x"}]},"error":0,"message":"Success"}"#
    let events = try await Events.run(ProfileFeed(), MemoryTransport([Self.profilePath: [json]]), [.load])
    #expect(events.failures.isEmpty)
    let sections = try #require(events.snapshots.last?.sections)
    #expect(sections.map(\.id) == ["about", "friends"])
    #expect(sections[1].rows.map(\.kind) == ["friend", "tableflow.invalid"])
    #expect(sections[1].rows[1].fields.first == Field("path", .text("data.friends[1].name")))
  }

  @Test("profile: toggling About when the profile has none does nothing; About emptied while collapsed hides")
  func profileAboutToggle() async throws {
    let noAbout = #"{"data":{"id":1,"fullName":"Tom","email":"t@x"},"error":0,"message":"Success"}"#
    let quiet = try await Events.run(
      ProfileFeed(), MemoryTransport([Self.profilePath: [noAbout]]), [.load, .select("profile-main")])
    #expect(quiet.failures.isEmpty)

    let withAbout = #"{"data":{"id":1,"fullName":"Tom","about":"hi"},"error":0,"message":"Success"}"#
    let events = try await Events.run(
      ProfileFeed(), MemoryTransport([Self.profilePath: [withAbout, noAbout]]),
      [.load, .select("profile-main"), .refresh])
    #expect(events.failures.isEmpty)
    // The last three: collapsed, refreshing (a status row added), refreshed.
    let collapsed = events.snapshots[events.snapshots.count - 3]
    #expect(collapsed.sections.map(\.id) == ["main-info", "about"])
    #expect(collapsed.sections[1].isCollapsed)
    #expect(events.snapshots.last?.sections.map(\.id) == ["main-info", "email"])
  }

  @Test("profile: friends of one name are renamed friend-NAME#2 and logged")
  func profileDuplicateFriends() async throws {
    let json =
      #"{"data":{"id":1,"fullName":"Tom","friends":[{"name":"Joe"},{"name":"Joe"}]},"error":0,"message":""}"#
    let events = try await Events.run(ProfileFeed(), MemoryTransport([Self.profilePath: [json]]), [.load])
    #expect(
      events.duplicateLines == ["renamed duplicate row 'friend-Joe' to 'friend-Joe#2' (section 1 row 1)"])
    #expect(events.snapshots.last?.sections.last?.rows.map(\.id) == ["friend-Joe", "friend-Joe#2"])
  }

  static let providersPath = "/api/providers"

  @Test("providers: height is 40 + text height + 21")
  func providerHeight() {
    let long = String(repeating: "我是一段很长的文字，", count: 12)
    let provider = TextProvider(title: "我是标题", text: long)
    #expect(provider.height == 40 + TextProvider.textHeight(long) + 21)
    #expect(TextProvider.textHeight(long) > 3 * TextProvider.textHeight("短"))
    #expect(provider.row(id: "p").kind == "TextProviderCell")
  }

  @Test("providers: each presented row reports willDisplay, a changed one didUpdate, on the bus")
  func providerCellEvents() async throws {
    let first = #"{"providers":[{"title":"我是标题","text":"a"},{"title":"我是标题","text":"b"}]}"#
    let second =
      #"{"providers":[{"title":"我是标题","text":"a"},{"title":"我是标题","text":"b, longer"},{"title":"t","text":"c"}]}"#
    let events = try await Events.run(
      ProvidersFeed(), MemoryTransport([Self.providersPath: [first, second]]), [.load, .refresh])
    let updates = events.cellUpdates
    // v3 shows the refreshing row, v4 the refreshed providers.
    #expect(updates.map(\.version) == [1, 2, 3, 4])
    #expect(updates[0].cells.map(\.row) == ["tableflow.loading"])
    #expect(updates[1].cells.map(\.kind) == [.willDisplay, .willDisplay])
    #expect(updates[1].cells.map(\.row) == ["provider-0", "provider-1"])
    #expect(updates[2].cells.map(\.row) == ["tableflow.refreshing"])
    #expect(updates[3].cells.map(\.kind) == [.didUpdate, .willDisplay])
    #expect(updates[3].cells.map(\.row) == ["provider-1", "provider-2"])
    #expect(
      updates[3].cells.map(\.position) == [RowPosition(section: 0, row: 1), RowPosition(section: 0, row: 2)])
  }

  @Test("books: mark-read moves the book at once; a failing POST moves it back with an error row")
  func booksActionRollback() async throws {
    let wish = "\(Self.collections)?status=wish&start=0&count=20"
    let page = pageJSON([bookJSON("1"), bookJSON("2")])
    let confirmed = try await Events.run(
      BooksFeed(),
      MemoryTransport([wish: [page], Self.collections: [pageJSON([])], "/v2/book/1/collection": ["{}"]]),
      [.load, .action("book-1-info", name: "mark-read")])
    #expect(confirmed.failures.isEmpty)
    #expect(confirmed.snapshots.last?.sections.map(\.id) == ["wish", "read"])
    #expect(confirmed.snapshots.last?.sections.last?.rows.map(\.id) == ["book-1-info", "book-1-rating"])

    // No answer for the POST (404): the move is taken back.
    let transport = MemoryTransport([wish: [page], Self.collections: [pageJSON([])]])
    let failed = try await Events.run(
      BooksFeed(), transport, [.load, .action("book-1-info", name: "mark-read")])
    let moved = failed.snapshots[failed.snapshots.count - 2]
    #expect(moved.sections.map(\.id) == ["wish", "read"])
    let back = try #require(failed.snapshots.last)
    #expect(back.sections.map(\.id) == ["wish", StatusRows.sectionID])
    #expect(
      back.sections[0].rows.map(\.id) == ["book-1-info", "book-1-rating", "book-2-info", "book-2-rating"])
    #expect(failed.failures.map(\.category) == [.network])
    #expect(transport.sent.last.map { "\($0.method) \($0.relativeURL)" } == "POST /v2/book/1/collection")
    #expect(transport.sent.last?.body == Array(#"{"status":"read"}"#.utf8))
  }

  @Test("signin: typed values are what submit sends; a secure edit is logged masked")
  func signinTyped() async throws {
    let answer = #"{"data":{"username":"pmtao","fullName":"陶"},"error":0,"message":"Welcome"}"#
    let transport = MemoryTransport(["/api/session": [answer]])
    let events = try await Events.run(
      SignInFeed(), transport,
      [
        .load, .edit("username", text: "pmtao"), .select("signin-with-password"), .select("submit"),
        .edit("password", text: "douban"), .select("submit"),
      ])
    #expect(events.failures.isEmpty)
    #expect(transport.sent.count == 1)
    #expect(
      transport.sent.first?.body == Array(#"{"password":"douban","remember":false,"username":"pmtao"}"#.utf8))
    var writer = TextLogWriter()
    let log = events.all.enumerated().map { writer.text(for: BusEvent(sequence: UInt64($0), event: $1)) }
      .joined()
    #expect(log.contains("> edit password ••••\n"))
    #expect(!log.contains("douban"))
  }
}
