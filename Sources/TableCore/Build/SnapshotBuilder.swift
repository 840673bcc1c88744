/// Builds a ``TableSnapshot`` from sections, validating ids and heights.
///
/// ```swift
/// var builder = SnapshotBuilder(hidingEmptySections: true)
/// builder.appendSection(id: "about", header: "About", rows: aboutRows)
/// builder.appendSection(id: "friends", header: "Friends", rows: friendRows)
/// let snapshot = try builder.build()
/// ```
///
/// Duplicate section or row ids are handled by ``policy`` (throwing by default). With
/// ``hidesEmptySections``, a section with no rows is left out, unless it is collapsed (a
/// collapsed section shows its header and no rows by design).
public struct SnapshotBuilder: Sendable {
  /// What to do with duplicate section or row ids.
  public var policy: DuplicateIDPolicy
  /// Whether sections with no rows (and not collapsed) are left out of the snapshot.
  public var hidesEmptySections: Bool
  /// The sections appended so far, as given.
  public private(set) var sections: [Section] = []

  /// Creates an empty builder.
  public init(policy: DuplicateIDPolicy = .reject, hidingEmptySections: Bool = false) {
    self.policy = policy
    self.hidesEmptySections = hidingEmptySections
  }

  /// Appends a section.
  public mutating func appendSection(_ section: Section) {
    sections.append(section)
  }

  /// Appends a section made of the given parts.
  public mutating func appendSection(
    id: SectionID, header: String? = nil, footer: String? = nil, style: SectionStyle = .dynamic,
    isCollapsed: Bool = false, rows: [Row]
  ) {
    sections.append(
      Section(
        id: id, header: header, footer: footer, style: style, isCollapsed: isCollapsed,
        rows: rows))
  }

  /// Validates the sections and returns the snapshot.
  ///
  /// - Throws: ``SnapshotError`` for a duplicate id under ``DuplicateIDPolicy/reject``
  ///   (naming both positions) and for a row height that is negative, infinite or NaN.
  /// - Complexity: O(rows), hash-based, whatever the number of duplicates.
  public func build() throws(SnapshotError) -> TableSnapshot {
    try buildReporting().snapshot
  }

  /// Validates the sections and returns the snapshot with what was done to each duplicate id
  /// (dropped or renamed), in order of appearance: empty under ``DuplicateIDPolicy/reject``.
  ///
  /// - Throws: as ``build()``.
  /// - Complexity: O(rows), hash-based, whatever the number of duplicates.
  public func buildReporting() throws(SnapshotError) -> (
    snapshot: TableSnapshot, resolutions: [DuplicateResolution]
  ) {
    let built = try buildCountingProbes()
    return (built.snapshot, built.resolutions)
  }

  /// ``buildReporting()`` with the number of candidate ids the renamers tried: the work that
  /// tests hold to O(duplicates + ids already taken).
  func buildCountingProbes() throws(SnapshotError) -> (
    snapshot: TableSnapshot, resolutions: [DuplicateResolution], probes: Int
  ) {
    var state = BuildState(minimumSections: sections.count)
    var result: [Section] = []
    result.reserveCapacity(sections.count)
    for (sectionIndex, section) in sections.enumerated() {
      var sectionID = section.id
      if let first = state.sectionIDs[sectionID] {
        switch policy {
        case .reject: throw .duplicateSectionID(sectionID, first: first, second: sectionIndex)
        case .keepFirst:
          state.resolutions.append(
            DuplicateResolution(
              isSection: true, id: sectionID.rawValue, section: sectionIndex, row: nil, action: .dropped))
          continue
        case .disambiguate:
          sectionID = state.renamedSection(sectionID)
          state.resolutions.append(
            DuplicateResolution(
              isSection: true, id: section.id.rawValue, section: sectionIndex, row: nil,
              action: .renamed(to: sectionID.rawValue)))
        }
      }
      state.sectionIDs[sectionID] = sectionIndex
      let (rows, rowsChanged) = try validatedRows(of: section, at: sectionIndex, state: &state)
      if hidesEmptySections && rows.isEmpty && !section.isCollapsed { continue }
      if sectionID == section.id && !rowsChanged {
        result.append(section)
      } else {
        result.append(
          Section(
            id: sectionID, header: section.header, footer: section.footer, style: section.style,
            isCollapsed: section.isCollapsed, rows: rows))
      }
    }
    return (TableSnapshot(uncheckedSections: result), state.resolutions, state.probes)
  }

  /// The ids seen so far, the renamers and the resolutions of one build.
  private struct BuildState {
    var sectionIDs: [SectionID: Int]
    var rowIDs: [RowID: RowPosition] = [:]
    var sectionRenamer = DuplicateIDRenamer<SectionTag>()
    var rowRenamer = DuplicateIDRenamer<RowTag>()
    var resolutions: [DuplicateResolution] = []

    init(minimumSections: Int) {
      sectionIDs = [SectionID: Int](minimumCapacity: minimumSections)
    }

    /// A new id for a duplicate section (the caller records it). The renamer is moved out
    /// while it looks ids up, so the dictionary is never copied.
    mutating func renamedSection(_ id: SectionID) -> SectionID {
      var renamer = DuplicateIDRenamer<SectionTag>()
      swap(&renamer, &sectionRenamer)
      defer { swap(&renamer, &sectionRenamer) }
      return renamer.unusedVariant(of: id) { sectionIDs[$0] != nil }
    }

    /// A new id for a duplicate row, recorded at `position`.
    mutating func renamedRow(_ id: RowID, at position: RowPosition) -> RowID {
      var renamer = DuplicateIDRenamer<RowTag>()
      swap(&renamer, &rowRenamer)
      let renamed = renamer.unusedVariant(of: id) { rowIDs[$0] != nil }
      swap(&renamer, &rowRenamer)
      rowIDs[renamed] = position
      return renamed
    }

    /// Candidate ids tried by both renamers.
    var probes: Int { sectionRenamer.probes + rowRenamer.probes }
  }

  /// The section's rows after the policy, and whether any was dropped or renamed. The rows are
  /// copied only from the first duplicate on, and each at most once.
  private func validatedRows(
    of section: Section, at sectionIndex: Int, state: inout BuildState
  ) throws(SnapshotError) -> (rows: [Row], changed: Bool) {
    var kept: [Row]?
    for (rowIndex, row) in section.rows.enumerated() {
      let position = RowPosition(section: sectionIndex, row: rowIndex)
      guard row.height.isFinite && row.height >= 0 else {
        throw .invalidHeight(row.id, at: position, height: row.height)
      }
      guard let first = state.rowIDs[row.id] else {
        state.rowIDs[row.id] = position
        kept?.append(row)
        continue
      }
      if kept == nil {
        kept = Array(section.rows[..<rowIndex])
        kept?.reserveCapacity(section.rows.count)
      }
      switch policy {
      case .reject: throw .duplicateRowID(row.id, first: first, second: position)
      case .keepFirst:
        state.resolutions.append(
          DuplicateResolution(
            isSection: false, id: row.id.rawValue, section: sectionIndex, row: rowIndex, action: .dropped))
      case .disambiguate:
        let rowID = state.renamedRow(row.id, at: position)
        kept?.append(Row(id: rowID, kind: row.kind, model: row.model))
        state.resolutions.append(
          DuplicateResolution(
            isSection: false, id: row.id.rawValue, section: sectionIndex, row: rowIndex,
            action: .renamed(to: rowID.rawValue)))
      }
    }
    return (kept ?? section.rows, kept != nil)
  }
}
