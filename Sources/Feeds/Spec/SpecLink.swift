import Foundation
import TableCore
import TableFlow

/// The next page a `Link` header (RFC 8288) names, as a request below the `--live` base URL:
/// `Link: <https://api.example.com/v1/issues?page=2>; rel="next"`.
///
/// The target is resolved against the request the answer is for. A relative reference
/// (`?page=2`, `issues?page=2`) is resolved as RFC 3986 says, below the request's path. An
/// absolute URL or path must name the request's own path (after any prefix of the base URL:
/// `/v1/issues` for the request `/issues`), and its query is used. The scheme and host are
/// never used: the next page is asked of the `--live` base URL, like every request of a spec.
struct SpecLink: Hashable, Sendable {
  /// The path below the base URL, percent-encoded.
  var path: String
  /// The query items, decoded, in order.
  var query: [NameValue]

  /// The target of the first link of `headers` whose `rel` holds `next` (any case), if any.
  static func nextTarget(in headers: [NameValue]) -> String? {
    for header in headers where header.name.lowercased() == "link" {
      for link in links(in: header.value) where link.relations.contains("next") {
        return link.target
      }
    }
    return nil
  }

  /// The link-values of one `Link` field: each target and its `rel` types, lower-cased.
  /// A value the grammar does not allow ends the field (the links before it are kept).
  static func links(in field: String) -> [(target: String, relations: [String])] {
    var links: [(target: String, relations: [String])] = []
    var rest = field.unicodeScalars[...]
    func skipSpace() { rest = rest.drop { $0 == " " || $0 == "\t" } }
    while true {
      skipSpace()
      while rest.first == "," {
        rest = rest.dropFirst()
        skipSpace()
      }
      guard rest.first == "<", let close = rest.firstIndex(of: ">") else { return links }
      let target = String(String.UnicodeScalarView(rest[rest.index(after: rest.startIndex)..<close]))
      rest = rest[rest.index(after: close)...]
      var relations: [String] = []
      while true {
        skipSpace()
        guard rest.first == ";" else { break }
        rest = rest.dropFirst()
        skipSpace()
        let name = String(String.UnicodeScalarView(rest.prefix { !"=;, \t".unicodeScalars.contains($0) }))
        rest = rest.dropFirst(name.unicodeScalars.count)
        skipSpace()
        var value = ""
        if rest.first == "=" {
          rest = rest.dropFirst()
          skipSpace()
          if rest.first == "\"" {
            rest = rest.dropFirst()
            var closed = false
            while let scalar = rest.popFirst() {
              if scalar == "\\", let escaped = rest.popFirst() {
                value.unicodeScalars.append(escaped)
              } else if scalar == "\"" {
                closed = true
                break
              } else {
                value.unicodeScalars.append(scalar)
              }
            }
            guard closed else { return links }
          } else {
            let token = rest.prefix { !";, \t".unicodeScalars.contains($0) }
            value = String(String.UnicodeScalarView(token))
            rest = rest.dropFirst(token.count)
          }
        }
        if name.lowercased() == "rel" && relations.isEmpty {
          relations = value.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        }
      }
      links.append((target, relations))
      skipSpace()
      guard rest.isEmpty || rest.first == "," else { return links }
    }
  }

  /// `target` resolved against `request`: the next page, `nil` when it is the request itself
  /// (a backend that links a page to itself ends the list), or why it cannot be followed.
  static func resolve(
    _ target: String, against request: TransportRequest
  ) -> Result<SpecLink?, SpecLinkProblem> {
    var reference = Substring(target.trimmingCharacters(in: .whitespaces))
    if let hash = reference.firstIndex(of: "#") { reference = reference[..<hash] }
    let isAbsolute: Bool
    if let colon = reference.firstIndex(of: ":"),
      reference[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
      reference.first?.isLetter == true
    {
      let scheme = reference[..<colon].lowercased()
      guard scheme == "http" || scheme == "https", reference[colon...].hasPrefix("://") else {
        return .failure(SpecLinkProblem("the next page's link is not an http or https URL"))
      }
      reference = withoutAuthority(reference[reference.index(colon, offsetBy: 3)...])
      isAbsolute = true
    } else if reference.hasPrefix("//") {
      reference = withoutAuthority(reference.dropFirst(2))
      isAbsolute = true
    } else {
      isAbsolute = reference.hasPrefix("/")
    }
    var linkPath = reference
    var linkQuery: Substring?
    if let question = reference.firstIndex(of: "?") {
      linkPath = reference[..<question]
      linkQuery = reference[reference.index(after: question)...]
    }
    let requestPath = request.path
    let path: String
    if isAbsolute {
      let own = canonical(requestPath)
      guard canonical(linkPath.isEmpty ? "/" : linkPath).hasSuffix(own) else {
        return .failure(
          SpecLinkProblem(
            "the next page's link leaves the request's path '\(TextEscaping.echoed(requestPath, limit: 80))' (a spec follows links to its own path, or relative links)"
          ))
      }
      path = requestPath
    } else if linkPath.isEmpty {
      path = requestPath
    } else {
      let directory = requestPath[...(requestPath.lastIndex(of: "/") ?? requestPath.startIndex)]
      path = String(directory) + linkPath
    }
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    if !path.hasPrefix("/")
      || segments.contains(where: { [".", ".."].contains($0.removingPercentEncoding ?? String($0)) })
    {
      return .failure(SpecLinkProblem("the next page's link holds a '.' or '..' segment"))
    }
    var query: [NameValue] = []
    if let linkQuery {
      for item in linkQuery.split(separator: "&") {
        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(pair[0]).removingPercentEncoding ?? String(pair[0])
        let value = pair.count > 1 ? (String(pair[1]).removingPercentEncoding ?? String(pair[1])) : ""
        query.append(NameValue(name, value))
      }
    } else if linkPath.isEmpty {
      query = request.query
    }
    let link = SpecLink(path: path, query: query)
    if canonical(link.path) == canonical(requestPath) && link.query == request.query { return .success(nil) }
    return .success(link)
  }

  /// What follows `host[:port]` (and any `user@`): the path and query, `/` when empty.
  private static func withoutAuthority(_ text: Substring) -> Substring {
    guard let end = text.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
    return text[end] == "?" ? "/" + text[end...] : text[end...]
  }

  /// A path with its escapes decoded where they stand for unreserved bytes and upper-cased
  /// elsewhere, so two spellings of one path compare equal.
  private static func canonical(_ path: some StringProtocol) -> String {
    var out: [UInt8] = []
    let bytes = Array(path.utf8)
    var index = 0
    while index < bytes.count {
      if bytes[index] == 37, index + 2 < bytes.count, let high = hex(bytes[index + 1]),
        let low = hex(bytes[index + 2])
      {
        let byte = high << 4 | low
        if (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte)
          || "-._~".utf8.contains(byte)
        {
          out.append(byte)
        } else {
          out += Array(String(format: "%%%02X", byte).utf8)
        }
        index += 3
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 48...57: byte - 48
    case 65...70: byte - 55
    case 97...102: byte - 87
    default: nil
    }
  }
}

/// Why a `Link` header's next page cannot be followed: shown as the screen's error row.
struct SpecLinkProblem: Error, Hashable, Sendable {
  var message: String
  init(_ message: String) { self.message = message }
}
