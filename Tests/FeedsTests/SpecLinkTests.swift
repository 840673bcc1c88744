import TableFlow
import Testing

@testable import Feeds

/// `Link`-header pagination (RFC 8288 `rel="next"`): the header's grammar, and where the next
/// page goes (always below the base URL).
@Suite("Spec Link pagination")
struct SpecLinkTests {
  @Test(
    "the rel=\"next\" target of a Link field, among other links and parameters",
    arguments: [
      (
        #"<https://api.example.com/r?page=2>; rel="next", <https://api.example.com/r?page=9>; rel="last""#,
        "https://api.example.com/r?page=2"
      ),
      (#"<https://x/r?page=1>; rel="prev", <https://x/r?page=3>; rel=next"#, "https://x/r?page=3"),
      (#"<?page=2>; title="a, b; c"; rel="prev next""#, "?page=2"),
      (#"<?p=2>;rel="NEXT";type="application/json""#, "?p=2"),
      (#"  ,  <?p=4> ; rel = "next" "#, "?p=4"),
      (#"<?p=5>; title="say \"next\""; rel="next""#, "?p=5"),
    ])
  func nextTarget(_ field: String, _ expected: String) {
    #expect(SpecLink.nextTarget(in: [NameValue("link", field)]) == expected)
  }

  @Test(
    "no next page: no Link field, no rel=next, or a field the grammar does not allow",
    arguments: [
      #"<https://x/r?page=1>; rel="prev""#,
      #"<https://x/r?page=3>; rel="nextpage""#,
      #"https://x/r?page=3; rel="next""#,
      #"<https://x/r?page=3; rel="next""#,
      #"<?p=1>; rel="prev" junk <?p=2>; rel="next""#,
      #"<?p=2>; title="unterminated; rel="next""#,
      "",
    ])
  func noNextPage(_ field: String) {
    #expect(SpecLink.nextTarget(in: [NameValue("Link", field)]) == nil)
    #expect(SpecLink.nextTarget(in: [NameValue("X-Link", #"<?p=2>; rel="next""#)]) == nil)
  }

  static let request = TransportRequest(
    path: "/projects/a%20b/activity", query: [NameValue("per_page", "10")])

  @Test(
    "the next page, resolved against the request: only its path and query, below the base URL",
    arguments: [
      (
        "http://127.0.0.1:4000/projects/a%20b/activity?after=14&per_page=10", "/projects/a%20b/activity",
        "after=14 per_page=10"
      ),
      ("https://api.example.com/v1/projects/a%20b/activity?after=14", "/projects/a%20b/activity", "after=14"),
      ("//evil.example/v1/projects/a%20b/activity?after=1", "/projects/a%20b/activity", "after=1"),
      ("/v1/projects/a%20B/activity?after=2", "", ""),
      ("/projects/a%20b/activity?cursor=x%3Dy%26z&flag", "/projects/a%20b/activity", "cursor=x=y&z flag="),
      ("?after=3&per_page=10#top", "/projects/a%20b/activity", "after=3 per_page=10"),
      ("activity?after=4", "/projects/a%20b/activity", "after=4"),
      ("../other?after=4", "", ""),
      ("older/%2E%2E/x", "", ""),
      ("next/page?n=2", "/projects/a%20b/next/page", "n=2"),
      ("mailto:someone@example.com", "", ""),
    ])
  func resolve(_ target: String, _ path: String, _ query: String) {
    switch SpecLink.resolve(target, against: Self.request) {
    case .success(let link?):
      #expect(link.path == path)
      #expect(link.query.map { "\($0.name)=\($0.value)" }.joined(separator: " ") == query)
    case .success(nil): Issue.record("no next page for \(target)")
    case .failure(let problem): #expect(path.isEmpty, "\(problem.message)")
    }
  }

  @Test(
    "a link to the request itself ends the list",
    arguments: ["?per_page=10", "", "http://h/projects/a%20b/activity?per_page=10"])
  func selfLink(_ target: String) {
    #expect(SpecLink.resolve(target, against: Self.request) == .success(nil))
  }

  @Test("a link that leaves the request's path is refused with one clear message")
  func leavesPath() {
    let result = SpecLink.resolve("https://api.example.com/v1/events?after=1", against: Self.request)
    #expect(
      result
        == .failure(
          SpecLinkProblem(
            "the next page's link leaves the request's path '/projects/a%20b/activity' (a spec follows links to its own path, or relative links)"
          )))
  }

  @Test("the progress follows the last page's link; an empty page or no link ends the list")
  func progress() throws {
    let pagination = SpecPagination(style: .link, limit: nil, total: nil)
    let next = SpecLink(path: "/r", query: [NameValue("after", "3")])
    let page = SpecDocument(
      root: .array([.integer(1), .integer(2)]), pointers: [try SpecPointer("")], next: .success(next))
    let last = SpecDocument(root: .array([.integer(3)]), pointers: [try SpecPointer("")])
    let empty = SpecDocument(root: .array([]), pointers: [try SpecPointer("")], next: .success(next))
    let scope = SpecScope(params: [:])
    let more = SpecProgress(pages: [page], records: 0, pagination: pagination, scope: scope)
    #expect(more.hasMore && more.link == next && more.loaded == 2)
    #expect(!SpecProgress(pages: [page, last], records: 0, pagination: pagination, scope: scope).hasMore)
    #expect(!SpecProgress(pages: [page, empty], records: 0, pagination: pagination, scope: scope).hasMore)
  }
}
