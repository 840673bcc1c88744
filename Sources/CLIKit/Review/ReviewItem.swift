import Foundation

/// One failing golden to review: the `NAME.log.new` file `verify --update` wrote beside the
/// golden `NAME.log` (which a session recorded without one does not have yet).
struct ReviewItem: Equatable, Sendable {
  /// The suffix `verify --update` gives the new log.
  static let newSuffix = ".new"

  /// The golden log's path, starting with the folder as given.
  var golden: String
  /// The new log's path: the golden's with `.new` added.
  var new: String { golden + Self.newSuffix }

  /// Every `*.log.new` under `folder` (paths sorted, starting with the folder as given) whose
  /// golden path passes `filter`.
  static func all(under folder: URL, as given: String, filter: PathFilter?) -> [ReviewItem] {
    VerifyCommand.files(under: folder, as: given)
      .filter { $0.hasSuffix(VerifyPlan.goldenSuffix + newSuffix) }
      .map { ReviewItem(golden: String($0.dropLast(newSuffix.count))) }
      .filter { filter?.matches($0.golden) ?? true }
  }
}
