/// Percent-encoding of URL paths, on UTF-8 bytes (RFC 3986), without Foundation: what
/// ``RequestPath`` and ``RequestURL`` share.
enum URLPathText {
  /// ASCII letters, digits and `-._~`: the bytes a segment never needs to encode.
  static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  /// The bytes a path may hold as written: unreserved, sub-delimiters, `:`, `@` and `/`.
  static func isPathByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
      UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
      UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
      return true
    default:
      return isUnreserved(byte)
    }
  }

  /// Appends `%XX` (upper-case hex) for `byte`.
  static func appendEscape(_ byte: UInt8, to out: inout [UInt8]) {
    func digit(_ value: UInt8) -> UInt8 {
      value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
    out.append(UInt8(ascii: "%"))
    out.append(digit(byte >> 4))
    out.append(digit(byte & 0xF))
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// `path` with every byte a path cannot hold percent-encoded (`?`, `#`, blanks, controls,
  /// non-ASCII, a `%` that starts no `%XX` escape); valid escapes and path bytes are kept, so a
  /// path already encoded is returned unchanged.
  static func normalized(_ path: String) -> String {
    let bytes = Array(path.utf8)
    guard !bytes.allSatisfy(isPathByte) else { return path }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
        hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil
      {
        out.append(contentsOf: bytes[index...(index + 2)])
        index += 3
        continue
      }
      if isPathByte(byte) { out.append(byte) } else { appendEscape(byte, to: &out) }
      index += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `text` with its `%XX` escapes decoded (bytes; an invalid escape is kept as written).
  static func percentDecoded(_ text: Substring) -> [UInt8] {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        out.append(high << 4 | low)
        index += 3
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }

  /// The first segment of `path` that is `.` or `..` once percent-decoded (as a server that
  /// decodes escapes before resolving dot segments reads it), as written; `nil` when none is.
  static func dotSegment(in path: String) -> Substring? {
    path.split(separator: "/", omittingEmptySubsequences: true).first { segment in
      let decoded = percentDecoded(segment)
      return decoded == [UInt8(ascii: ".")] || decoded == [UInt8(ascii: "."), UInt8(ascii: ".")]
    }
  }
}
