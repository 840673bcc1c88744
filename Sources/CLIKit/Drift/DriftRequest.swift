import FixtureKit
import Foundation
import TableFlow

/// A recorded request made ready to send again: the same method, path, query, headers and body.
///
/// Secrets were redacted before the fixture was written, so a request that still carries a
/// `REDACTED` value cannot be sent as it was. A redacted header is fine when the live transport
/// adds that header itself (`--header 'Name: value'`, or `user:password@` in `--live`, as `run
/// --live` takes them): the recorded one is dropped and the transport's is sent. Any other
/// redacted value (another header, a query item, the body) makes the request one to skip, with
/// the reason: sending `REDACTED` as a password would only measure the backend's refusal.
enum DriftRequest {
  /// The request to send, or why it is skipped.
  enum Preparation: Equatable {
    case send(TransportRequest)
    case skip(String)
  }

  /// Prepares `recorded` for a transport that adds the headers named `added` itself.
  static func prepare(_ recorded: RecordedRequest, transportAdds added: [NameValue]) -> Preparation {
    let marker = Redaction.replacement
    let supplied = Set(added.map { $0.name.lowercased() })
    var headers: [NameValue] = []
    for field in recorded.headers where !supplied.contains(field.name.lowercased()) {
      if field.value.contains(marker) {
        return .skip(
          "its recorded header \(field.name) is redacted (give it with --header '\(field.name): …')")
      }
      headers.append(NameValue(field.name, field.value))
    }
    guard let (path, query) = split(recorded.url) else {
      return .skip("its recorded URL is not a path and query")
    }
    if let item = query.first(where: { $0.value.contains(marker) || $0.name.contains(marker) }) {
      return .skip("its recorded query item \(item.name) is redacted")
    }
    if path.contains(marker) { return .skip("its recorded path is redacted") }
    if let body = recorded.body, body.firstRange(of: Array(marker.utf8)) != nil {
      return .skip("its recorded body holds a redacted value")
    }
    return .send(
      TransportRequest(
        method: recorded.method, path: RequestPath(encoded: path), query: query, headers: headers,
        body: recorded.body))
  }

  /// A relative URL `/a/b?x=1` as its encoded path and decoded query items; `nil` when it is
  /// not one (a hand-edited fixture).
  private static func split(_ url: String) -> (path: String, query: [NameValue])? {
    guard url.hasPrefix("/"), let components = URLComponents(string: "http://drift.invalid" + url) else {
      return nil
    }
    let path = url.firstIndex(of: "?").map { String(url[..<$0]) } ?? url
    let items = (components.queryItems ?? []).map { NameValue($0.name, $0.value ?? "") }
    return (path, items)
  }
}
