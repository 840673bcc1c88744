/// The position of a row: section index and row index within it.
public struct RowPosition: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
  /// The section index.
  public let section: Int
  /// The row index within the section.
  public let row: Int

  /// Creates a position.
  public init(section: Int, row: Int) {
    self.section = section
    self.row = row
  }

  /// Orders positions section first, then row.
  public static func < (lhs: RowPosition, rhs: RowPosition) -> Bool {
    (lhs.section, lhs.row) < (rhs.section, rhs.row)
  }

  /// Encodes as `[section, row]`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(section)
    try container.encode(row)
  }

  /// Decodes from `[section, row]`.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.section = try container.decode(Int.self)
    self.row = try container.decode(Int.self)
  }

  /// `section.row`, as logs print it.
  public var description: String { "\(section).\(row)" }
}

/// A move from a position before a stage to a position after it.
public struct Move<Position: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
  /// Where the item was before the stage.
  public let from: Position
  /// Where the item is after the stage.
  public let to: Position

  /// Creates a move.
  public init(from: Position, to: Position) {
    self.from = from
    self.to = to
  }

  /// Encodes as `[from, to]`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(from)
    try container.encode(to)
  }

  /// Decodes from `[from, to]`.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.from = try container.decode(Position.self)
    self.to = try container.decode(Position.self)
  }
}

/// One stage of a staged changeset: exactly one valid `performBatchUpdates` call.
///
/// Index rules are UIKit's: deletes, reloads and reconfigures use the indexes before the
/// stage; inserts use the indexes after it; moves go from before to after. Section updates
/// (a header or footer text changed, nothing else) use the indexes after the stage: UIKit has
/// no batch operation for them, so an adapter sets the visible header or footer of that
/// section once the batch update is issued, while the rows animate.
///
/// Like UIKit's data source, a stage also carries the table as it is after the stage
/// (`snapshot`): inserted, reloaded and reconfigured rows, and updated titles, are read from
/// it. Interchange JSON holds the indexes only.
public struct ChangesetStage: Hashable, Sendable, Encodable {
  /// The table after this stage: the data source UIKit reads new cells from.
  public var snapshot: TableSnapshot = .empty
  /// Sections deleted (pre-stage indexes).
  public var sectionDeletes: [Int] = []
  /// Sections inserted (post-stage indexes).
  public var sectionInserts: [Int] = []
  /// Sections moved (pre-stage → post-stage).
  public var sectionMoves: [Move<Int>] = []
  /// Sections reloaded (pre-stage indexes).
  public var sectionReloads: [Int] = []
  /// Sections whose header or footer text changed, updated in place (post-stage indexes): the
  /// new titles are the stage snapshot's. The diff reports them in its last stage.
  public var sectionUpdates: [Int] = []
  /// Rows deleted (pre-stage positions).
  public var rowDeletes: [RowPosition] = []
  /// Rows inserted (post-stage positions).
  public var rowInserts: [RowPosition] = []
  /// Rows moved (pre-stage → post-stage).
  public var rowMoves: [Move<RowPosition>] = []
  /// Rows reloaded: kind changed (pre-stage positions).
  public var rowReloads: [RowPosition] = []
  /// Rows reconfigured in place: same kind, other content (pre-stage positions).
  public var rowReconfigures: [RowPosition] = []

  /// Creates an empty stage.
  public init() {}

  /// Encodes the stage's index lists in interchange form, written by ``JSONValue``.
  public func encode(to encoder: any Encoder) throws {
    try JSONValue(self).encode(to: encoder)
  }

  /// Whether the stage changes nothing.
  public var isEmpty: Bool {
    sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty
      && sectionReloads.isEmpty && sectionUpdates.isEmpty && rowDeletes.isEmpty && rowInserts.isEmpty
      && rowMoves.isEmpty
      && rowReloads.isEmpty && rowReconfigures.isEmpty
  }

  /// The number of operations in the stage.
  public var operationCount: Int {
    sectionDeletes.count + sectionInserts.count + sectionMoves.count + sectionReloads.count
      + sectionUpdates.count + rowDeletes.count + rowInserts.count + rowMoves.count + rowReloads.count
      + rowReconfigures.count
  }
}

/// The changes from one snapshot to another, as a list of stages that UIKit can animate one
/// after the other.
///
/// Invariant: `old.applying(new.difference(from: old)) == new`.
public struct StagedChangeset: Hashable, Sendable, Encodable {
  /// The stages in order; empty when nothing changed.
  public var stages: [ChangesetStage]

  /// Creates a changeset from its stages; empty stages are dropped.
  public init(stages: [ChangesetStage] = []) {
    self.stages = stages.filter { !$0.isEmpty }
  }

  /// Whether the changeset changes nothing.
  public var isEmpty: Bool { stages.isEmpty }

  /// Encodes the changeset in interchange form, `{"stages":[…]}`, written by ``JSONValue``.
  public func encode(to encoder: any Encoder) throws {
    try JSONValue(self).encode(to: encoder)
  }
}
