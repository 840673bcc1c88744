/// The path and query items of a relative URL such as `/a/b?x=1&y=2`, percent-decoded.
struct QueryString: Hashable, Sendable {
  /// The path before `?`, percent-decoded.
  var path: String
  /// The query items in order, names and values percent-decoded.
  var items: [FixtureField]

  /// Splits `url` at the first `?` and the query at `&`; `+` stays a plus sign.
  init(_ url: String) {
    let utf8 = Array(url.utf8)
    let mark = utf8.firstIndex(of: UInt8(ascii: "?")) ?? utf8.count
    path = Self.percentDecoded(utf8[0..<mark])
    items = []
    guard mark < utf8.count else { return }
    for piece in utf8[(mark + 1)...].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
      if let equals = piece.firstIndex(of: UInt8(ascii: "=")) {
        items.append(
          FixtureField(
            Self.percentDecoded(piece[piece.startIndex..<equals]),
            Self.percentDecoded(piece[(equals + 1)...])))
      } else {
        items.append(FixtureField(Self.percentDecoded(piece), ""))
      }
    }
  }

  /// The query items sorted by name, then value (query order is ignored when matching).
  var sortedItems: [FixtureField] {
    items.sorted { ($0.name, $0.value) < ($1.name, $1.value) }
  }

  /// Splits `url` into its raw path-and-`?` prefix and its raw `&`-separated query pieces.
  static func rawPieces(_ url: String) -> (prefix: Substring, pieces: [Substring])? {
    guard let mark = url.firstIndex(of: "?") else { return nil }
    let query = url[url.index(after: mark)...]
    return (url[...mark], query.split(separator: "&", omittingEmptySubsequences: false))
  }

  /// Decodes `%XX` escapes; malformed escapes are kept as written.
  static func percentDecoded<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    let source = Array(bytes)
    guard source.contains(UInt8(ascii: "%")) else { return String(decoding: source, as: UTF8.self) }
    var output: [UInt8] = []
    output.reserveCapacity(source.count)
    var index = 0
    while index < source.count {
      if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
        let high = hexValue(source[index + 1]), let low = hexValue(source[index + 2])
      {
        output.append(high << 4 | low)
        index += 3
      } else {
        output.append(source[index])
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
