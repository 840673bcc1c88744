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
    self = try Self.builder(sections, policy: policy, hidingEmptySections).build()
  }

  /// Creates the next version of `previous` from sections that come from outside, validating
  /// only what changed (see ``SnapshotBuilder/build(updating:)``): the result and the errors
  /// are those of ``init(validating:policy:hidingEmptySections:)``.
  ///
  /// - Throws: ``SnapshotError`` naming both positions of a duplicate id, or a row with an
  ///   invalid height.
  /// - Complexity: O(sections + rows in common with `previous` + changed rows), hashing only
  ///   the changed rows, when `previous` was made by validation.
  public init(
    validating sections: [Section], updating previous: TableSnapshot,
    policy: DuplicateIDPolicy = .reject, hidingEmptySections: Bool = false
  ) throws(SnapshotError) {
    self = try Self.builder(sections, policy: policy, hidingEmptySections).build(updating: previous)
  }

  private static func builder(
    _ sections: [Section], policy: DuplicateIDPolicy, _ hidingEmptySections: Bool
  ) -> SnapshotBuilder {
    var builder = SnapshotBuilder(policy: policy, hidingEmptySections: hidingEmptySections)
    for section in sections { builder.appendSection(section) }
    return builder
  }

  /// This snapshot with `sections` after its own, as the pipeline adds its status section to
  /// a feed's validated sections.
  ///
  /// Never throws: the added sections are not rejected. The result keeps what makes validating
  /// its next version fast (``SnapshotBuilder/build(updating:)``) only when this snapshot was
  /// made by validation and the added sections' ids are certainly new and their heights
  /// valid; otherwise it is an unchecked snapshot, and the next version is validated whole.
  ///
  /// - Complexity: O(sections + added rows).
  public func appendingSections(_ added: [Section]) -> TableSnapshot {
    guard !added.isEmpty else { return self }
    let all = sections + added
    guard var rowIDs else { return TableSnapshot(uncheckedSections: all) }
    var sectionIDs = Set(sections.map(\.id))
    for section in added {
      guard sectionIDs.insert(section.id).inserted else { return TableSnapshot(uncheckedSections: all) }
      for row in section.rows {
        guard SnapshotBuilder.isValidHeight(row.height), rowIDs.add(RowIDCounts.hash(row.id)) == 1
        else { return TableSnapshot(uncheckedSections: all) }
      }
    }
    return TableSnapshot(validatedSections: all, rowIDs: rowIDs)
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
