/// What one stage of a staged changeset does, in terms a renderer shows: which section or row,
/// where it was and where it goes, and its content before and after.
///
/// The text log, `tableflow diff --format text` and the HTML viewer all render this one
/// description, so they always agree on what a stage did. Build it with
/// ``StagedChangeset/describedStages(from:)``.
public struct StageDescription: Hashable, Sendable {
  /// The stage's 1-based number in its changeset.
  public let number: Int
  /// The table before the stage.
  public let before: TableSnapshot
  /// The table after the stage.
  public let after: TableSnapshot
  /// The stage's operations in index form.
  public let stage: ChangesetStage
  /// What happened to sections: deletes, reloads, moves, inserts, then updates, each in stage
  /// order.
  public let sections: [SectionChange]
  /// What happened to rows: deletes, moves, reloads, reconfigures, then inserts, each in stage
  /// order. Rows that arrive inside an inserted or reloaded section are not listed here: they
  /// come with the section (``SectionChange/after``).
  public let rows: [RowChange]
}

/// One section operation of a stage.
public struct SectionChange: Hashable, Sendable {
  /// What happened to the section.
  public enum Kind: String, Hashable, Sendable {
    /// Deleted, with its rows.
    case delete
    /// Inserted, with its rows.
    case insert
    /// Moved.
    case move
    /// Reloaded: its attributes changed; it arrives with its final rows.
    case reload
    /// Updated in place: only its header or footer text changed; its rows stay and animate.
    case update
  }

  /// What happened.
  public let kind: Kind
  /// The section's id, `nil` when the stage names an index outside the table.
  public let id: SectionID?
  /// The pre-stage index (delete, move, reload; update when the section is found before it).
  public let from: Int?
  /// The post-stage index (insert, move, update, and reload when the section is found after
  /// it).
  public let to: Int?
  /// The section before the stage (delete, move, reload, update).
  public let before: Section?
  /// The section after the stage (insert, move, reload, update), with its rows.
  public let after: Section?
}

/// One row operation of a stage.
public struct RowChange: Hashable, Sendable {
  /// What happened to the row.
  public enum Kind: String, Hashable, Sendable {
    /// Deleted.
    case delete
    /// Inserted.
    case insert
    /// Moved from one position to another.
    case move
    /// Reloaded: its kind changed.
    case reload
    /// Reconfigured in place: same kind, other content.
    case reconfigure
  }

  /// What happened.
  public let kind: Kind
  /// The row's id, `nil` when the stage names a position outside the table.
  public let id: RowID?
  /// The pre-stage position (delete, move, reload, reconfigure).
  public let from: RowPosition?
  /// The post-stage position (insert, move; reload and reconfigure when the row is found after
  /// the stage).
  public let to: RowPosition?
  /// The row before the stage.
  public let before: Row?
  /// The row after the stage.
  public let after: Row?

  /// The names of what differs between ``before`` and ``after``: `kind`, each field whose
  /// value changed, appeared or disappeared (in the new row's order, then the removed ones),
  /// and `height`. Empty unless both sides are known.
  public var changedFields: [String] {
    guard let before, let after else { return [] }
    var names: [String] = []
    if before.kind != after.kind { names.append("kind") }
    let old = Dictionary(before.fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    let newNames = Set(after.fields.map(\.name))
    for field in after.fields where old[field.name] != field.value { names.append(field.name) }
    for field in before.fields where !newNames.contains(field.name) { names.append(field.name) }
    if before.height != after.height { names.append("height") }
    return names
  }
}

extension StagedChangeset {
  /// Describes each stage: what happened to which section and row, with their content before
  /// and after.
  ///
  /// - Parameter old: The table the changeset applies to; each later stage starts from the
  ///   previous stage's snapshot.
  /// - Complexity: O(*n*) per stage for *n* rows when it reloads or reconfigures rows (to find
  ///   where they are after the stage), O(operations) otherwise.
  public func describedStages(from old: TableSnapshot) -> [StageDescription] {
    var descriptions: [StageDescription] = []
    descriptions.reserveCapacity(stages.count)
    var before = old
    for (index, stage) in stages.enumerated() {
      descriptions.append(Self.describe(stage, number: index + 1, before: before))
      before = stage.snapshot
    }
    return descriptions
  }

  private static func describe(
    _ stage: ChangesetStage, number: Int, before: TableSnapshot
  ) -> StageDescription {
    let after = stage.snapshot
    var sections: [SectionChange] = []
    for index in stage.sectionDeletes {
      let old = before.section(at: index)
      sections.append(
        SectionChange(kind: .delete, id: old?.id, from: index, to: nil, before: old, after: nil))
    }
    for index in stage.sectionReloads {
      let old = before.section(at: index)
      let now = old.flatMap { old in after.sections.firstIndex { $0.id == old.id } }
      sections.append(
        SectionChange(
          kind: .reload, id: old?.id, from: index, to: now, before: old,
          after: now.flatMap(after.section(at:))))
    }
    for move in stage.sectionMoves {
      let old = before.section(at: move.from)
      sections.append(
        SectionChange(
          kind: .move, id: old?.id, from: move.from, to: move.to, before: old,
          after: after.section(at: move.to)))
    }
    for index in stage.sectionInserts {
      let new = after.section(at: index)
      sections.append(
        SectionChange(kind: .insert, id: new?.id, from: nil, to: index, before: nil, after: new))
    }
    for index in stage.sectionUpdates {
      let new = after.section(at: index)
      let was = new.flatMap { new in before.sections.firstIndex { $0.id == new.id } }
      sections.append(
        SectionChange(
          kind: .update, id: new?.id, from: was, to: index, before: was.flatMap(before.section(at:)),
          after: new))
    }

    var rows: [RowChange] = []
    for position in stage.rowDeletes {
      let old = before.row(at: position)
      rows.append(RowChange(kind: .delete, id: old?.id, from: position, to: nil, before: old, after: nil))
    }
    for move in stage.rowMoves {
      let old = before.row(at: move.from)
      rows.append(
        RowChange(
          kind: .move, id: old?.id, from: move.from, to: move.to, before: old, after: after.row(at: move.to)))
    }
    if !stage.rowReloads.isEmpty || !stage.rowReconfigures.isEmpty {
      var positions: [RowID: RowPosition] = [:]
      for (s, section) in after.sections.enumerated() {
        for (r, row) in section.rows.enumerated() { positions[row.id] = RowPosition(section: s, row: r) }
      }
      for (kind, list) in [(RowChange.Kind.reload, stage.rowReloads), (.reconfigure, stage.rowReconfigures)] {
        for position in list {
          let old = before.row(at: position)
          let now = old.flatMap { positions[$0.id] }
          rows.append(
            RowChange(
              kind: kind, id: old?.id, from: position, to: now, before: old,
              after: now.flatMap(after.row(at:))))
        }
      }
    }
    for position in stage.rowInserts {
      let new = after.row(at: position)
      rows.append(RowChange(kind: .insert, id: new?.id, from: nil, to: position, before: nil, after: new))
    }
    return StageDescription(
      number: number, before: before, after: after, stage: stage, sections: sections, rows: rows)
  }
}

extension TableSnapshot {
  /// The section at `index`, `nil` outside the table.
  public func section(at index: Int) -> Section? {
    sections.indices.contains(index) ? sections[index] : nil
  }

  /// The row at `position`, `nil` outside the table.
  public func row(at position: RowPosition) -> Row? {
    guard let rows = section(at: position.section)?.rows, rows.indices.contains(position.row) else {
      return nil
    }
    return rows[position.row]
  }
}
