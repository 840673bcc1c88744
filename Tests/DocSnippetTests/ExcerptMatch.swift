/// Whether the lines a page shows are an excerpt of a text: they appear in it in order, one
/// right after another. A line that is only `…` stands for any number of lines, and a `…`
/// inside a line for any characters (so `title="Loading…"` still matches itself).
struct ExcerptMatch {
  /// The page's lines.
  let pattern: [String]

  /// Whether `pattern` appears in `lines` somewhere.
  func isFound(in lines: [String]) -> Bool {
    let pattern = self.pattern.drop { $0 == "…" }
    guard !pattern.isEmpty else { return true }
    var failed = Set<Int>()  // (pattern index << 32 | line index) known not to match
    return lines.indices.contains { matches(pattern.startIndex, lines, $0, &failed) }
  }

  /// The first line of `lines`, from where matching should have gone on, for a message.
  func firstMissing(in lines: [String]) -> String? {
    let needed = pattern.filter { $0 != "…" }
    var start = lines.startIndex
    for line in needed {
      guard let found = lines[start...].firstIndex(where: { Self.line($0, matches: line) }) else {
        return line
      }
      start = found + 1
    }
    return nil
  }

  private func matches(_ p: Int, _ lines: [String], _ l: Int, _ failed: inout Set<Int>) -> Bool {
    if p == pattern.endIndex { return true }
    let key = p << 32 | l
    if failed.contains(key) { return false }
    let result: Bool
    if pattern[p] == "…" {
      result = (l...lines.endIndex).contains { matches(p + 1, lines, $0, &failed) }
    } else {
      result =
        l < lines.endIndex && Self.line(lines[l], matches: pattern[p])
        && matches(p + 1, lines, l + 1, &failed)
    }
    if !result { failed.insert(key) }
    return result
  }

  /// Whether `line` reads as `pattern`, where each `…` in `pattern` stands for any characters.
  static func line(_ line: String, matches pattern: String) -> Bool {
    let parts = pattern.split(separator: "…", omittingEmptySubsequences: false).map(String.init)
    guard parts.count > 1 else { return line == pattern }
    guard let first = parts.first, let last = parts.last, line.hasPrefix(first) else { return false }
    var rest = line.dropFirst(first.count)
    for part in parts.dropFirst().dropLast() {
      guard let range = rest.range(of: part) else { return false }
      rest = rest[range.upperBound...]
    }
    return rest.hasSuffix(last)
  }
}
