// libFuzzer target for the request URL builder: compiled by run.sh (FUZZ_TARGET=url-builder)
// together with TableFlow's RequestPath.swift, URLPathText.swift and RequestURL.swift
// (swiftc -sanitize=fuzzer,address), so it reaches their internal API directly. It uses no
// Foundation, to run fast; RequestPathPropertyTests checks the same properties against
// Foundation's URL parser on generated cases.

/// Splits the input at 0x00 into a base choice and path segments (any bytes), builds paths the
/// three ways a feed can (segments, interpolation, text) and joins them to a base URL, then
/// checks what must hold: every segment reads back exactly, nothing leaves its segment or the
/// base path, no query or fragment is forged, and the authority is the base's.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURLBuilder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let choice = bytes.first else { return 0 }
  let bases = [
    "http://h:1", "http://h:1/api", "http://h:1/v1/x/?k=v", "https://h/echo?a=1&b=%2F#frag",
    "http://h:1/api?access_token=T",
  ]
  let baseText = bases[Int(choice) % bases.count]
  let segments = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }
  let isDot = segments.contains { $0 == "." || $0 == ".." }

  // 1. Segments: each reads back exactly, and the encoding holds only unreserved bytes and escapes.
  let built = RequestPath(segments: segments)
  precondition(
    built.encoded.utf8.allSatisfy {
      URLPathText.isUnreserved($0) || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "/")
    },
    "a byte left unencoded")
  if !segments.isEmpty {
    let parts = built.encoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    precondition(parts.count == segments.count, "a segment was split or merged")
    for (part, segment) in zip(parts, segments) {
      precondition(URLPathText.percentDecoded(part) == Array(segment.utf8), "a segment did not read back")
      precondition(URLPathText.dotSegment(in: "/" + part) == nil || segment == "." || segment == "..")
    }
  }

  // 2. Interpolation: a value is one segment's text between the literal parts.
  let first = segments.first ?? ""
  let interpolated: RequestPath = "/v2/book/\(first)/reviews"
  let pieces = interpolated.encoded.split(separator: "/", omittingEmptySubsequences: false)
  precondition(pieces.count == 5 && pieces[1] == "v2" && pieces[2] == "book" && pieces[4] == "reviews")
  precondition(
    URLPathText.percentDecoded(pieces[3]) == Array(first.utf8), "an interpolated value did not read back")

  // 3. Joined to a base: below the base path, the base's query first, no fragment, or refused
  // exactly when a segment is a dot segment.
  guard let base = RequestURL(base: baseText) else {
    preconditionFailure("a base URL did not parse")
  }
  let query = segments.count > 1 ? segments[1] : nil
  check(
    base, path: built.encoded, query: query.map { "q=" + RequestPath.encodeText($0) }, expectRefusal: isDot)

  // 4. Text paths (a feed's own strings): normalised once for good, never a query or fragment,
  // never outside the base path.
  let text = "/" + segments.joined(separator: "/")
  let normalized = URLPathText.normalized(text)
  precondition(URLPathText.normalized(normalized) == normalized, "normalising is not idempotent")
  precondition(!normalized.contains("?") && !normalized.contains("#"), "a text path carried a query")
  check(base, path: text, query: nil, expectRefusal: nil)
  return 0
}

/// Joins `path` to `base` and checks the result; `expectRefusal` nil accepts either outcome
/// as long as a refusal names a dot segment that is one.
private func check(_ base: RequestURL, path: String, query: String?, expectRefusal: Bool?) {
  switch base.url(path: path, query: query) {
  case .failure(let refusal):
    precondition(expectRefusal != false, "a path without dot segments was refused: \(refusal)")
    if case .dotSegment(let segment) = refusal {
      let decoded = URLPathText.percentDecoded(Substring(segment))
      precondition(decoded == Array(".".utf8) || decoded == Array("..".utf8), "refused a non-dot segment")
    }
  case .success(let url):
    precondition(expectRefusal != true, "a dot segment was sent")
    precondition(url.hasPrefix(base.origin + base.basePath + "/"), "the URL left the base path")
    let afterOrigin = url.dropFirst(base.origin.count)
    precondition(!afterOrigin.contains("#"), "a fragment was sent")
    let pathPart = afterOrigin.prefix { $0 != "?" }
    precondition(URLPathText.dotSegment(in: String(pathPart)) == nil, "a dot segment was sent")
    let expectedQuery = [base.baseQuery, query?.isEmpty == false ? query : nil].compactMap { $0 }
    let sentQuery = afterOrigin.drop { $0 != "?" }.dropFirst()
    precondition(String(sentQuery) == expectedQuery.joined(separator: "&"), "the query was not joined")
    // RFC 3986: the authority runs from `://` to the first `/`, `?` or `#`.
    let authority = url.drop { $0 != ":" }.dropFirst(3).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    precondition(authority == "h:1" || authority == "h", "the authority changed: \(url)")
  }
}
