/// An immutable, validated table: ordered sections of rows.
///
/// Section ids and row ids are unique in a snapshot (see ``SnapshotBuilder`` for the policies
/// that make them so). Snapshots are values: every update makes a new one, and
/// ``difference(from:)`` tells how to animate from an old one to it.
public struct TableSnapshot: Hashable, Sendable {
  /// The sections in display order.
  public let sections: [Section]

  /// An empty table.
  public static let empty = TableSnapshot(uncheckedSections: [])

  /// Creates a snapshot from sections already known to have unique ids.
  ///
  /// Use ``SnapshotBuilder`` (or ``init(validating:policy:hidingEmptySections:)``) for sections
  /// that come from outside.
  public init(uncheckedSections sections: [Section]) {
    self.sections = sections
  }

  /// The number of rows in all sections.
  public var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }
}
