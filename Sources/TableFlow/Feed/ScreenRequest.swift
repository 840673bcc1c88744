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
}
