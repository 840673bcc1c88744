/// A request a screen wants sent, and where its decoded answer goes.
///
/// Answers are kept per *slot* (a name the screen chooses, `main` by default), in the order
/// they were loaded, so a paginated section can use one slot per section.
public struct ScreenRequest: Hashable, Sendable {
  /// The request, relative to the transport's base URL.
  public var request: TransportRequest
  /// Where the decoded answer is kept in ``ScreenState``.
  public var slot: String
  /// The statuses whose bodies are decoded; any other status is a failure. Defaults to 2xx.
  public var acceptedStatuses: ClosedRange<Int>
  /// The model the answer decodes into when it is not the screen's `Model` (see
  /// ``decoding(as:using:)``); `nil` for the screen's own `decode(_:)`.
  public var decoding: ModelDecoding?
  /// How many items the request asks for when it fetches a page: the feed's paging
  /// declaration. `nil` (the default) reads it from the request's limit parameter, the first
  /// query item named `limit`, `count`, `per_page`, `page_size`, `pageSize`, `perPage` or
  /// `size` holding a positive number. A load-more page that shows fewer new items than this
  /// (repeats dropped, or a short answer) is refilled with the next page (see
  /// ``Screen/itemCount(ofNewestPageIn:state:)``).
  public var pageSize: Int?

  /// Creates a screen request.
  public init(
    _ request: TransportRequest, slot: String = "main", accepting statuses: ClosedRange<Int> = 200...299
  ) {
    self.request = request
    self.slot = slot
    self.acceptedStatuses = statuses
  }

  /// A `GET` of `path` with query items in the order written. Values interpolated into the
  /// path are percent-encoded as path segment text (see ``RequestPath``):
  /// `.get("/v2/book/\(id)/reviews")` stays below `/v2/book/` whatever `id` holds.
  public static func get(
    _ path: RequestPath, query: KeyValuePairs<String, String> = [:], slot: String = "main"
  ) -> ScreenRequest {
    ScreenRequest(
      TransportRequest(method: "GET", path: path, query: query.map { NameValue($0.key, $0.value) }),
      slot: slot)
  }

  /// A `POST` of a JSON body (already encoded) to `path`; values interpolated into the path
  /// are percent-encoded as path segment text (see ``RequestPath``).
  public static func post(
    _ path: RequestPath, json body: [UInt8], slot: String = "main",
    accepting statuses: ClosedRange<Int> = 200...299
  ) -> ScreenRequest {
    ScreenRequest(
      TransportRequest(
        method: "POST", path: path, headers: [NameValue("Content-Type", "application/json")], body: body),
      slot: slot, accepting: statuses)
  }

  /// The request with ``pageSize`` set: it fetches a page of `size` items.
  public func paging(size: Int) -> ScreenRequest {
    var copy = self
    copy.pageSize = size
    return copy
  }

  /// The query items that name a page's size, in the order ``pageSize`` reads them.
  static let limitNames = ["limit", "count", "per_page", "page_size", "pageSize", "perPage", "size"]

  /// ``pageSize``, or the request's limit parameter.
  var requestedPageSize: Int? {
    if let pageSize { return pageSize > 0 ? pageSize : nil }
    for name in Self.limitNames {
      if let item = request.query.first(where: { $0.name == name }), let size = Int(item.value), size > 0 {
        return size
      }
    }
    return nil
  }
}
