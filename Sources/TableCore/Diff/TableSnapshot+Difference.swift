extension TableSnapshot {
  /// The staged changes that turn `old` into this snapshot.
  ///
  /// TEMPORARY (until the TableCore diff lands): replaces every section in one stage. The
  /// result is valid but not minimal.
  public func difference(from old: TableSnapshot) -> StagedChangeset {
    if old == self { return StagedChangeset() }
    var stage = ChangesetStage()
    stage.sectionDeletes = Array(old.sections.indices)
    stage.sectionInserts = Array(sections.indices)
    stage.snapshot = self
    return StagedChangeset(stages: [stage])
  }
}
