/// An immutable, validated table: ordered sections of rows.
///
/// Section ids and row ids are unique in a snapshot (see ``SnapshotBuilder`` for the policies
/// that make them so). Snapshots are values: every update makes a new one, and
/// ``difference(from:)`` tells how to animate from an old one to it.
///
/// A snapshot made by validation also keeps the hashes of its row ids, so that the next
/// version of the table validates in time proportional to what changed
/// (``SnapshotBuilder/build(updating:)``). They are not part of its value: two snapshots with
/// the same sections are equal whatever way they were made.
public struct TableSnapshot: Hashable, Sendable {
  /// The sections in display order.
  public let sections: [Section]
  /// The hashes of the row ids, for a snapshot known to be valid; `nil` otherwise.
  let rowIDs: RowIDCounts?

  /// An empty table.
  public static let empty = TableSnapshot(uncheckedSections: [])

  /// Creates a snapshot from sections already known to have unique ids.
  ///
  /// Use ``SnapshotBuilder`` (or ``init(validating:policy:hidingEmptySections:)``) for sections
  /// that come from outside.
  public init(uncheckedSections sections: [Section]) {
    self.sections = sections
    self.rowIDs = nil
  }

  /// A snapshot validated by the builder, with the hashes of its row ids.
  init(validatedSections sections: [Section], rowIDs: RowIDCounts) {
    self.sections = sections
    self.rowIDs = rowIDs
  }

  /// The number of rows in all sections.
  public var rowCount: Int { sections.reduce(0) { $0 + $1.rows.count } }

  /// Whether the snapshots have the same sections.
  public static func == (lhs: TableSnapshot, rhs: TableSnapshot) -> Bool {
    lhs.sections == rhs.sections
  }

  /// Hashes the sections.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(sections)
  }
}
