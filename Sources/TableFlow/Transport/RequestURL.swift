/// A base URL taken apart for joining request paths and queries to it, without Foundation.
///
/// `http://h:8080/v1?key=K` + `/api/profile` + `start=0` →
/// `http://h:8080/v1/api/profile?key=K&start=0`: the request path goes below the base path,
/// the base's query comes first, then the request's. A base URL's fragment is never sent.
struct RequestURL: Hashable, Sendable {
  /// `scheme://authority`, as written.
  let origin: String
  /// The base path without trailing `/` (`""` or `/v1`), percent-encoded.
  let basePath: String
  /// The base URL's query without `?`, as written; `nil` when it has none.
  let baseQuery: String?

  /// Splits an absolute URL (`scheme://authority/path?query#fragment`); `nil` without `://`.
  init?(base: String) {
    let characters = Array(base.utf8)
    guard
      let colon = characters.indices.first(where: {
        $0 + 2 < characters.count && characters[$0] == UInt8(ascii: ":")
          && characters[$0 + 1] == UInt8(ascii: "/") && characters[$0 + 2] == UInt8(ascii: "/")
      })
    else { return nil }
    let rest = Substring(base.utf8.dropFirst(colon + 3))
    let withoutFragment = rest.firstIndex(of: "#").map { rest[..<$0] } ?? rest
    let authorityEnd = withoutFragment.firstIndex { $0 == "/" || $0 == "?" } ?? withoutFragment.endIndex
    origin = String(base[..<authorityEnd])
    let afterAuthority = withoutFragment[authorityEnd...]
    let queryStart = afterAuthority.firstIndex(of: "?")
    var path = String(queryStart.map { afterAuthority[..<$0] } ?? afterAuthority)
    while path.hasSuffix("/") { path.removeLast() }
    basePath = URLPathText.normalized(path)
    let query = queryStart.map { String(afterAuthority[afterAuthority.index(after: $0)...]) }
    baseQuery = query?.isEmpty == false ? query : nil
  }

  /// The base URL as requests are joined to it: origin, base path and query.
  var base: String { origin + basePath + (baseQuery.map { "?" + $0 } ?? "") }

  /// Why a request cannot be joined to the base.
  enum Refusal: Error, Hashable, Sendable {
    /// The path does not start with `/`.
    case relativePath
    /// The path holds a `.` or `..` segment (as written, possibly encoded), which a server
    /// could resolve outside the base path.
    case dotSegment(String)
  }

  /// The absolute URL of `path` (below the base path; characters a path cannot hold are
  /// encoded) with the base's query, then `query` (already encoded, without `?`).
  func url(path: String, query: String?) -> Result<String, Refusal> {
    guard path.hasPrefix("/") else { return .failure(.relativePath) }
    let encodedPath = URLPathText.normalized(path)
    if let dot = URLPathText.dotSegment(in: encodedPath) { return .failure(.dotSegment(String(dot))) }
    let queries = [baseQuery, query?.isEmpty == false ? query : nil].compactMap { $0 }
    let joined = queries.isEmpty ? "" : "?" + queries.joined(separator: "&")
    return .success(origin + basePath + encodedPath + joined)
  }
}
