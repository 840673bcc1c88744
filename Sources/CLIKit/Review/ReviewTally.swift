/// What a review did, for its last line and exit code.
struct ReviewTally: Equatable, Sendable {
  var accepted = 0
  var rejected = 0
  var skipped = 0
  /// Decisions that could not be carried out (their error lines were printed).
  var failed = 0
  /// Items never decided (the review was quit before them).
  var left = 0
  var worst = ExitCode.success

  /// `2 accepted, 1 rejected, 0 skipped` (plus the failed and the left, when there are any).
  var summary: String {
    var parts = ["\(accepted) accepted", "\(rejected) rejected", "\(skipped) skipped"]
    if failed > 0 { parts.append("\(failed) failed") }
    if left > 0 { parts.append("\(left) left for later") }
    return parts.joined(separator: ", ")
  }
}
