import TableCore

/// What a table view's delegate hears about cells when an update is presented: seed B's
/// adapter events, sent on the bus so a controller observes them without delegates.
///
/// A row that appears (in a screen's first snapshot, inserted, in an inserted or reloaded
/// section, reloaded, or shown again by expanding its section) reports ``Kind/willDisplay``; a
/// row whose content changed in place reports ``Kind/didUpdate``. One event carries a whole
/// update's cells.
public struct CellUpdates: Hashable, Sendable {
  /// What happened to one cell.
  public enum Kind: String, Hashable, Sendable {
    /// A cell for the row is about to be shown (UIKit's `willDisplay`).
    case willDisplay
    /// The row's cell was updated in place with its new model (the provider's `update`).
    case didUpdate
  }

  /// One cell's event.
  public struct Cell: Hashable, Sendable {
    /// What happened.
    public let kind: Kind
    /// The row.
    public let row: RowID
    /// The cell kind that shows it.
    public let cellKind: CellKind
    /// Where it is in the presented snapshot.
    public let position: RowPosition

    /// Creates an event.
    public init(kind: Kind, row: RowID, cellKind: CellKind, position: RowPosition) {
      self.kind = kind
      self.row = row
      self.cellKind = cellKind
      self.position = position
    }
  }

  /// The screen.
  public let screen: ScreenRef
  /// The presented version the cells belong to.
  public let version: Int
  /// The cells, in the order of their positions.
  public let cells: [Cell]

  /// Creates the events of one presented update.
  public init(screen: ScreenRef, version: Int, cells: [Cell]) {
    self.screen = screen
    self.version = version
    self.cells = cells
  }
}

extension CellUpdates {
  /// The cell events of presenting `snapshot` after `before` through `changeset`; every row
  /// is displayed when `reloaded` (a first snapshot, or a table reloaded after a bad changeset).
  /// - Complexity: O(rows changed + rows of the snapshot when anything changed).
  static func cells(
    presenting snapshot: TableSnapshot, before: TableSnapshot, changeset: StagedChangeset, reloaded: Bool
  ) -> [Cell] {
    var marks: [RowID: Kind] = [:]
    // Sections of `snapshot` whose every row is displayed: inserted or reloaded by the last
    // stage, whose table is `snapshot`. Their rows need no mark (a first page of 100,000 rows
    // would otherwise hash every id twice): nothing can change what such a row shows.
    var whole = Set<Int>()
    if !reloaded {
      var previous = before
      for (stageIndex, stage) in changeset.stages.enumerated() {
        let after = stage.snapshot
        let isLast = stageIndex == changeset.stages.count - 1
        for section in stage.sectionInserts + stage.sectionReloads
        where after.sections.indices.contains(section) {
          if isLast && snapshot.sections.indices.contains(section)
            && after.sections[section].rows.isSameStorage(as: snapshot.sections[section].rows)
          {
            whole.insert(section)
            continue
          }
          for row in after.sections[section].rows { marks[row.id] = .willDisplay }
        }
        for position in stage.rowInserts {
          if let row = after.row(at: position) { marks[row.id] = .willDisplay }
        }
        for position in stage.rowReloads {
          if let row = previous.row(at: position) { marks[row.id] = .willDisplay }
        }
        for position in stage.rowReconfigures {
          if let row = previous.row(at: position), marks[row.id] == nil { marks[row.id] = .didUpdate }
        }
        previous = after
      }
      if marks.isEmpty && whole.isEmpty { return [] }
    }
    var cells: [Cell] = []
    for (sectionIndex, section) in snapshot.sections.enumerated() {
      let isWhole = reloaded || whole.contains(sectionIndex)
      if !isWhole && marks.isEmpty { continue }
      for (rowIndex, row) in section.rows.enumerated() {
        guard let kind = isWhole ? .willDisplay : marks[row.id] else { continue }
        cells.append(
          Cell(
            kind: kind, row: row.id, cellKind: row.kind,
            position: RowPosition(section: sectionIndex, row: rowIndex)))
      }
    }
    return cells
  }
}

extension TableSnapshot {
  fileprivate func row(at position: RowPosition) -> Row? {
    guard sections.indices.contains(position.section) else { return nil }
    let rows = sections[position.section].rows
    return rows.indices.contains(position.row) ? rows[position.row] : nil
  }
}
