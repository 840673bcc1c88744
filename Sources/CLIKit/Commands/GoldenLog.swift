/// Comparing a log with its golden file.
enum GoldenLog {
  /// The 1-based number of the first line where `actual` differs from `expected`, or `nil`
  /// when they are identical.
  static func firstDifferingLine(expected: String, actual: String) -> Int? {
    if expected == actual { return nil }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(expectedLines.count, actualLines.count) {
      let left = index < expectedLines.count ? expectedLines[index] : nil
      let right = index < actualLines.count ? actualLines[index] : nil
      if left != right { return index + 1 }
    }
    return max(expectedLines.count, actualLines.count)
  }
}
