/// `review --filter PATTERN`: which goldens a review takes, by their paths as listed
/// (`Fixtures/books/list.log`).
///
/// A pattern with a wildcard is a shell glob over the whole path: `*` matches any run of
/// characters, `/` included, `?` one character, `[abc]`, `[a-z]` and `[!abc]` one of a set, and
/// `\` takes the next character as it is (`Fixtures/books/*.log`, `*/profile/*`). A pattern
/// without a wildcard matches every path that contains it (`books/list`).
struct PathFilter: Equatable, Sendable {
  /// The pattern as given.
  let pattern: String
  private let glob: [Character]
  private let isGlob: Bool

  /// A filter for `pattern`.
  init(_ pattern: String) {
    self.pattern = pattern
    self.glob = Array(pattern)
    self.isGlob = pattern.contains { "*?[\\".contains($0) }
  }

  /// Whether `path` passes the filter.
  /// - Complexity: O(path × pattern) at worst.
  func matches(_ path: String) -> Bool {
    guard isGlob else { return path.contains(pattern) }
    return Self.match(glob[...], Array(path)[...])
  }

  /// Glob matching with one backtracking point: the last `*` seen.
  private static func match(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
    var p = pattern.startIndex
    var t = text.startIndex
    var star: (pattern: Int, text: Int)?
    while t < text.endIndex {
      if p < pattern.endIndex, pattern[p] == "*" {
        star = (p + 1, t)
        p += 1
        continue
      }
      if p < pattern.endIndex, let next = single(pattern, at: p, matches: text[t]) {
        p = next
        t += 1
        continue
      }
      guard let resume = star else { return false }
      // Let the last `*` take one more character and try again from there.
      star = (resume.pattern, resume.text + 1)
      p = resume.pattern
      t = resume.text + 1
    }
    while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
    return p == pattern.endIndex
  }

  /// Where the pattern goes on when its element at `index` (a character, `?`, an escape or a
  /// set) matches `character`; `nil` when it does not.
  private static func single(
    _ pattern: ArraySlice<Character>, at index: Int, matches character: Character
  ) -> Int? {
    switch pattern[index] {
    case "?": return index + 1
    case "\\" where index + 1 < pattern.endIndex:
      return pattern[index + 1] == character ? index + 2 : nil
    case "[":
      guard let (members, end) = set(pattern, from: index) else {
        return character == "[" ? index + 1 : nil  // An unclosed `[` is itself.
      }
      return members(character) ? end : nil
    default:
      return pattern[index] == character ? index + 1 : nil
    }
  }

  /// The set starting with the `[` at `index`: whether a character is in it, and the index
  /// after its `]`; `nil` when it is never closed.
  private static func set(
    _ pattern: ArraySlice<Character>, from index: Int
  ) -> ((Character) -> Bool, Int)? {
    var cursor = index + 1
    let negated = cursor < pattern.endIndex && (pattern[cursor] == "!" || pattern[cursor] == "^")
    if negated { cursor += 1 }
    var ranges: [ClosedRange<Character>] = []
    var first = true
    while cursor < pattern.endIndex {
      let character = pattern[cursor]
      if character == "]" && !first {
        let found = ranges
        return ({ candidate in found.contains { $0.contains(candidate) } != negated }, cursor + 1)
      }
      first = false
      if cursor + 2 < pattern.endIndex, pattern[cursor + 1] == "-", pattern[cursor + 2] != "]",
        character <= pattern[cursor + 2]
      {
        ranges.append(character...pattern[cursor + 2])
        cursor += 3
      } else {
        ranges.append(character...character)
        cursor += 1
      }
    }
    return nil
  }
}
