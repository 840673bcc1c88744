/// Where a session's log first differs from its golden: the line and the step (the intent
/// whose `> …` line it follows) as a reader of the log sees it. The one golden comparison:
/// `tableflow replay --expect`, `tableflow verify` and `assertSession` all use it.
public struct GoldenLogDifference: Hashable, Sendable, CustomStringConvertible {
  /// The 1-based line number of the first differing line.
  public var line: Int
  /// The intent line (`> select book-1000001-rating`) of the step holding that line, or
  /// `nil` before the first intent.
  public var step: String?
  /// The 1-based number of that step (0 before the first intent).
  public var stepNumber: Int
  /// The golden's line there, or `nil` when the golden ends first.
  public var expected: String?
  /// The log's line there, or `nil` when the log ends first.
  public var actual: String?

  /// Compares `actual` with `expected` line by line.
  /// - Returns: `nil` when they are identical.
  /// - Complexity: O(length of the logs).
  public init?(expected: String, actual: String) {
    if expected == actual { return nil }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var step: String?
    var stepNumber = 0
    var index = 0
    while index < max(expectedLines.count, actualLines.count) {
      let left = index < expectedLines.count ? String(expectedLines[index]) : nil
      let right = index < actualLines.count ? String(actualLines[index]) : nil
      if left != right { break }
      if let left, left.hasPrefix("> ") {
        step = left
        stepNumber += 1
      }
      index += 1
    }
    self.line = index + 1
    self.expected = index < expectedLines.count ? String(expectedLines[index]) : nil
    self.actual = index < actualLines.count ? String(actualLines[index]) : nil
    // A differing intent line starts the step it names.
    if let actual = self.actual, actual.hasPrefix("> ") {
      self.step = actual
      self.stepNumber = stepNumber + 1
    } else {
      self.step = step
      self.stepNumber = stepNumber
    }
  }

  /// One paragraph: the line, the step, and both versions of the line.
  public var description: String {
    let place = step.map { "in step \(stepNumber) (\($0))" } ?? "before the first intent"
    return
      "line \(line), \(place):\n  golden: \(expected ?? "<end of file>")\n  actual: \(actual ?? "<end of file>")"
  }
}
