import FixtureKit
import Testing

@Suite("RequestMatcher: recorded requests never sent")
struct RequestMatcherTests {
  static func exchange(_ seq: Int, _ url: String) -> [FixtureRecord] {
    [
      FixtureRecord(seq: seq, entry: .request(RecordedRequest(method: "GET", url: url))),
      FixtureRecord(
        seq: seq + 1, entry: .response(RecordedResponse(request: seq, status: 200, body: Array("{}".utf8)))),
    ]
  }

  @Test("the unused requests are those no answer used, in recorded order, identical ones counted apart")
  func unusedRequests() {
    var matcher = RequestMatcher(
      records: Self.exchange(1, "/a") + Self.exchange(3, "/b") + Self.exchange(5, "/a")
        + Self.exchange(7, "/c"))
    #expect(matcher.unusedRequests.map(\.url) == ["/a", "/b", "/a", "/c"])
    _ = matcher.answer(to: RecordedRequest(method: "GET", url: "/a"))
    _ = matcher.answer(to: RecordedRequest(method: "get", url: "/c"))
    #expect(matcher.unusedRequests.map(\.url) == ["/b", "/a"])
    #expect(matcher.unusedCount == 2)
    _ = matcher.answer(to: RecordedRequest(method: "GET", url: "/nowhere"))
    #expect(matcher.unusedRequests.map(\.url) == ["/b", "/a"], "an unmatched request uses nothing")
  }
}
