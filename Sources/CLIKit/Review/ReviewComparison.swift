import TableFlow

/// How `tableflow review` compares a golden with its new log: the library's one golden
/// comparison (`GoldenLogDifference`) says where they first differ, ``LineDiff`` and
/// ``LogDiffText`` show every difference. The review calls nothing else, so the comparison can
/// move without the review changing.
enum ReviewComparison {
  /// `first difference: line 12, in step 2 (> select book-1)`, or `nil` when the logs agree.
  static func firstDifference(golden: String, new: String) -> String? {
    guard let difference = GoldenLogDifference(expected: golden, actual: new) else { return nil }
    let place =
      difference.step.map { "in step \(difference.stepNumber) (\($0))" } ?? "before the first intent"
    return "first difference: line \(difference.line), \(place)"
  }

  /// The unified diff of the two logs as ``LogDiffText`` writes it.
  static func diff(golden: String, new: String, colour: Bool) -> String {
    LogDiffText(colour: colour).render(LineDiff(old: golden, new: new))
  }
}
