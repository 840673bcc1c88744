extension TableSnapshot {
  /// Creates a snapshot from sections that come from outside, validating ids and heights.
  ///
  /// - Parameters:
  ///   - sections: The sections in display order.
  ///   - policy: What to do with duplicate section or row ids; throwing by default.
  ///   - hidingEmptySections: Whether sections with no rows (and not collapsed) are left out.
  /// - Throws: ``SnapshotError`` naming both positions of a duplicate id, or a row with an
  ///   invalid height.
  public init(
    validating sections: [Section], policy: DuplicateIDPolicy = .reject,
    hidingEmptySections: Bool = false
  ) throws(SnapshotError) {
    var builder = SnapshotBuilder(policy: policy, hidingEmptySections: hidingEmptySections)
    for section in sections { builder.appendSection(section) }
    self = try builder.build()
  }

  /// Validates sections under `policy` and returns the snapshot with what was done to each
  /// duplicate id (see ``SnapshotBuilder/buildReporting()``).
  ///
  /// - Throws: ``SnapshotError`` for a duplicate id under ``DuplicateIDPolicy/reject`` or a
  ///   row with an invalid height.
  public static func buildReporting(
    _ sections: [Section], policy: DuplicateIDPolicy, hidingEmptySections: Bool = false
  ) throws(SnapshotError) -> (snapshot: TableSnapshot, resolutions: [DuplicateResolution]) {
    var builder = SnapshotBuilder(policy: policy, hidingEmptySections: hidingEmptySections)
    for section in sections { builder.appendSection(section) }
    return try builder.buildReporting()
  }
}
