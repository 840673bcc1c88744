extension TableSnapshot {
  /// The staged changes that turn `old` into this snapshot.
  ///
  /// Every stage is one valid `performBatchUpdates` call under UIKit's rules, and
  /// `old.applying(new.difference(from: old)) == new`. Rows and sections are matched by id;
  /// within a section the rows on a longest increasing subsequence stay and only the others
  /// move; a row that changes section is moved whenever both sections survive without a
  /// reload. Same id and kind with other content is a reconfigure, a changed kind a reload,
  /// a changed style a section reload, and a changed header or footer text a section update
  /// (``ChangesetStage/sectionUpdates``), which leaves the section's rows to animate. Collapsing
  /// a section deletes its rows and expanding inserts them. See `SnapshotDiffer` for the
  /// stages.
  ///
  /// The common prefix and suffix of each section's rows (by id), and of the section list,
  /// cost one comparison of ids and one of content per row and are never hashed, so a small
  /// update of a large table costs little more than a walk over its rows; a section whose new
  /// rows are its old array (a reused section) costs nothing per row. Content is compared by
  /// the digest each row computed of its model when it was made (with the kind): one integer
  /// comparison however large the model, for rows rebuilt from a fresh decode too. Two unequal
  /// models with equal 64-bit digests (odds about 2⁻⁶⁴ per pair) would be taken for the same
  /// content.
  ///
  /// - Complexity: O(rows + changes) expected, hashing only the rows between each section's
  ///   common prefix and suffix; O(m log m) for the m rows that move.
  public func difference(from old: TableSnapshot) -> StagedChangeset {
    let stages = SnapshotDiffer(old: old, new: self).stages(final: self)
    if stages.isEmpty && old != self {
      // Unreachable for snapshots built through validation; kept so that no input, however
      // odd (a NaN height, duplicate ids), yields a changeset that loses a difference.
      var replaceAll = ChangesetStage()
      replaceAll.sectionDeletes = Array(old.sections.indices)
      replaceAll.sectionInserts = Array(sections.indices)
      replaceAll.snapshot = self
      return StagedChangeset(stages: [replaceAll])
    }
    return StagedChangeset(stages: stages)
  }
}
