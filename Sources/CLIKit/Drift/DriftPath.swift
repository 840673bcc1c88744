import TableCore

/// Where in a body a finding is, printed as jq writes paths: `.books[].rating.average` (`[]`:
/// every element of the array, as the structural comparison merges them), `.books[2].title` (an
/// element, in value findings), `.["odd key"]` for keys that are not identifiers; `.` is the
/// whole body.
///
/// `--ignore` takes this form or a JSON Pointer (`/books/*/updated_at`, where `*` stands for every
/// element; a number is that element, or a key of that name) and ignores every finding at or
/// below the path.
struct DriftPath: Hashable, Sendable, Comparable, CustomStringConvertible {
  enum Segment: Hashable, Sendable {
    case key(String)
    /// Every element of an array.
    case anyElement
    case element(Int)
    /// A JSON Pointer token that is a number: that element, or a key spelled so.
    case token(String)
  }

  var segments: [Segment]

  static let root = DriftPath(segments: [])

  func appending(_ segment: Segment) -> DriftPath { DriftPath(segments: segments + [segment]) }

  var description: String {
    guard !segments.isEmpty else { return "." }
    var text = ""
    for segment in segments {
      switch segment {
      case .key(let key), .token(let key):
        let plain =
          key.first.map { $0.isLetter || $0 == "_" } == true
          && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        text += plain ? "." + key : (text.isEmpty ? "." : "") + "[" + TextEscaping.quoted(key) + "]"
      case .anyElement: text += text.isEmpty ? ".[]" : "[]"
      case .element(let index): text += text.isEmpty ? ".[\(index)]" : "[\(index)]"
      }
    }
    return text
  }

  static func < (lhs: DriftPath, rhs: DriftPath) -> Bool { lhs.description < rhs.description }

  /// Whether a finding at `path` is at or below this path (an `--ignore` pattern).
  func covers(_ path: DriftPath) -> Bool {
    guard segments.count <= path.segments.count else { return false }
    return zip(segments, path.segments).allSatisfy { pattern, segment in
      switch (pattern, segment) {
      case (.anyElement, .anyElement), (.anyElement, .element): true
      case (.token(let token), .key(let key)): token == key
      case (.token(let token), .element(let index)): Int(token) == index
      default: pattern == segment
      }
    }
  }

  /// Parses an `--ignore` value: a JSON Pointer (starts with `/`) or a jq path (starts with `.`).
  /// - Throws: `CommandFailure` (64) saying what the two forms look like.
  static func parse(_ text: String) throws(CommandFailure) -> DriftPath {
    if text.hasPrefix("/") { return pointer(text) }
    guard text.hasPrefix("."), let path = jq(text) else {
      throw CommandFailure(
        .usage,
        "--ignore expects a path as drift prints it (.books[].updated_at) or a JSON Pointer "
          + "(/books/*/updated_at), got '\(TextEscaping.echoed(text))'")
    }
    return path
  }

  private static func pointer(_ text: String) -> DriftPath {
    let tokens = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
      String($0).replacing("~1", with: "/").replacing("~0", with: "~")
    }
    return DriftPath(
      segments: tokens.map { token in
        if token == "*" { return .anyElement }
        return Int(token) != nil ? .token(token) : .key(token)
      })
  }

  /// `.a.b[].c[2].["x y"]`; `nil` when it is not that form.
  private static func jq(_ text: String) -> DriftPath? {
    var segments: [Segment] = []
    var rest = Substring(text)
    if rest == "." { return .root }
    while !rest.isEmpty {
      if rest.hasPrefix("[]") || rest.hasPrefix(".[]") {
        segments.append(.anyElement)
        rest = rest.drop { $0 == "." }.dropFirst(2)
      } else if rest.hasPrefix(".[\"") || rest.hasPrefix("[\"") {
        rest = rest.drop { $0 == "." }.dropFirst(2)
        var key = ""
        var escaped = false
        while let character = rest.first {
          rest = rest.dropFirst()
          if escaped {
            key.append(character)
            escaped = false
          } else if character == "\\" {
            escaped = true
          } else if character == "\"" {
            break
          } else {
            key.append(character)
          }
        }
        guard rest.hasPrefix("]") else { return nil }
        rest = rest.dropFirst()
        segments.append(.key(key))
      } else if rest.hasPrefix("[") || rest.hasPrefix(".[") {
        rest = rest.drop { $0 == "." }
        guard let close = rest.firstIndex(of: "]"),
          let index = Int(rest[rest.index(after: rest.startIndex)..<close])
        else { return nil }
        segments.append(.element(index))
        rest = rest[rest.index(after: close)...]
      } else if rest.hasPrefix(".") {
        rest = rest.dropFirst()
        let key = rest.prefix { $0 != "." && $0 != "[" }
        guard !key.isEmpty else { return nil }
        segments.append(.key(String(key)))
        rest = rest.dropFirst(key.count)
      } else {
        return nil
      }
    }
    return DriftPath(segments: segments)
  }
}
