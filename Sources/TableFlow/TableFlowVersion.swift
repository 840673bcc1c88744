/// The version of TableFlow this code is: the package's one version constant.
///
/// `tableflow --version` prints it, recorded fixtures name it in their header's `tool`, and
/// the review page shows it; a test checks it against the newest released version in
/// CHANGELOG.md, so a release cannot forget one of them.
public enum TableFlowVersion {
  /// The released version this code is, as `MAJOR.MINOR.PATCH` (semantic versioning).
  public static let current = "0.1.0"
}
