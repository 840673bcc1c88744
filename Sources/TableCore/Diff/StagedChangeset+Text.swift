extension StagedChangeset {
  /// The changeset as text for people: one operation a line, each naming its stage, what it
  /// does, where (`section.row`; pre-stage positions for deletes, reloads and reconfigures,
  /// post-stage ones for inserts and section updates, pre → post for moves) and the id
  /// concerned, quoted and escaped (see ``TextEscaping``); a section update also shows the
  /// titles it changes.
  ///
  /// ```
  /// stage 1: reconfigure row 0.1 "b"
  /// stage 2: delete row 0.3 "d"
  /// stage 3: move row 0.0 -> 0.4 "a"
  /// ```
  ///
  /// - Parameter old: The snapshot the changeset applies to, which names the rows of the first
  ///   stage's pre-stage positions; later stages read the previous stage's snapshot.
  /// - Returns: The lines, without newlines; none for an empty changeset.
  public func textLines(from old: TableSnapshot) -> [String] {
    describedStages(from: old).flatMap(SnapshotText.operationLines(for:))
  }
}
