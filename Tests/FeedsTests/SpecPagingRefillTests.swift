import Feeds
import TableFlow
import Testing

/// A spec's pagination tells the pipeline its page size and each page's records, so that a
/// short load-more page is refilled (issue 17 item 12).
@Suite("Spec paging: page size and records for the refill")
struct SpecPagingRefillTests {
  static let spec = """
    { "tableflow-spec": 1, "name": "repos", "entry": "repos", "screens": { "repos": {
      "requests": { "main": { "path": "/repos", "query": { "from": "${page.offset}", "take": "3" },
        "records": "/items", "pagination": { "style": "offset", "limit": "3", "total": "/total" } } },
      "sections": [ { "id": "repos", "records": "main", "rows": [
        { "kind": "repo", "id": "repo-${item.id}", "fields": { "name": "${item.name}" } } ] } ] } } }
    """

  static func check<S: Screen>(_ screen: S) throws -> (pageSize: Int?, items: Int?, unpaged: Int?) {
    let body = #"{"total":9,"items":[{"id":1,"name":"a"},{"id":2,"name":"b"}]}"#
    let page = try screen.decode(Array(body.utf8))
    let state = ScreenState<S.Model>(pages: ["main": [page]])
    let next = try #require(screen.nextPage(of: "repos", state: state))
    return (
      next.pageSize, screen.itemCount(ofNewestPageIn: "main", state: state),
      screen.itemCount(ofNewestPageIn: "other", state: state)
    )
  }

  @Test("the pagination's limit is the request's page size; a page's records are its items")
  func declared() throws {
    let feed = try SpecFeed(json: Array(Self.spec.utf8), file: "repos.tableflow.json")
    let screen = try feed.rootScreen(parameters: [:])
    let found = try Self.check(screen)
    // `take` is no limit name the pipeline would guess: the declaration says it.
    #expect(found.pageSize == 3)
    #expect(found.items == 2)
    #expect(found.unpaged == nil)
  }
}
