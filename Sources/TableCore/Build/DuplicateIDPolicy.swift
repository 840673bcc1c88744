/// What building a snapshot does when two sections, or two rows, share an id.
public enum DuplicateIDPolicy: Hashable, Sendable, CaseIterable {
  /// Throw a ``SnapshotError`` naming both positions. The default: a duplicate id is a bug in
  /// the feed, and a table view fed one would animate the wrong rows or crash.
  case reject
  /// Keep the first section or row with an id and drop the later ones.
  case keepFirst
  /// Keep every section and row, renaming later duplicates `id#2`, `id#3`, … (skipping names
  /// already taken), in order of appearance.
  case disambiguate
}
