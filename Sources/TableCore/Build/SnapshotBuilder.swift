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
  /// The snapshot keeps the hashes of its row ids, so that validating its next version with
  /// ``build(updating:)`` costs only what changed.
  ///
  /// - Throws: ``SnapshotError`` for a duplicate id under ``DuplicateIDPolicy/reject``
  ///   (naming both positions) and for a row height that is negative, infinite or NaN.
  /// - Complexity: O(rows), hash-based: one FNV-1a hash of each row id; a second, exact pass
  ///   only when two hashes agree or a height is invalid.
  public func build() throws(SnapshotError) -> TableSnapshot {
    try buildReporting().snapshot
  }

  /// Validates the sections and returns the snapshot with what was done to each duplicate id
  /// (dropped or renamed), in order of appearance: empty under ``DuplicateIDPolicy/reject``
  /// and when there are no duplicates.
  ///
  /// - Throws: as ``build()``.
  /// - Complexity: as ``build()``, whatever the number of duplicates: renaming is linear
  ///   (see ``DuplicateIDRenamer``).
  public func buildReporting() throws(SnapshotError) -> (
    snapshot: TableSnapshot, resolutions: [DuplicateResolution]
  ) {
    if let snapshot = quickBuild() { return (snapshot, []) }
    let built = try buildCountingProbes()
    return (built.snapshot, built.resolutions)
  }

  /// ``buildReporting()`` for the next version of `previous`, validating only what changed
  /// when nothing clashes (see ``build(updating:)``); what was dropped or renamed otherwise.
  ///
  /// - Throws: as ``build()``.
  public func buildReporting(
    updating previous: TableSnapshot
  ) throws(SnapshotError) -> (
    snapshot: TableSnapshot, resolutions: [DuplicateResolution]
  ) {
    if let snapshot = incrementalBuild(updating: previous) { return (snapshot, []) }
    return try buildReporting()
  }

  /// The exact pass, with the number of candidate ids the renamers tried: the work that tests
  /// hold to O(duplicates + ids already taken).
  func buildCountingProbes() throws(SnapshotError) -> (
    snapshot: TableSnapshot, resolutions: [DuplicateResolution], probes: Int
  ) {
    let exact = try exactSections()
    let snapshot = TableSnapshot(validatedSections: exact.sections, rowIDs: exact.rowIDs)
    return (snapshot, exact.resolutions, exact.probes)
  }

  /// The snapshot when no two section ids are equal, no two row id hashes are and every
  /// height is valid (then every policy keeps the sections as they are); `nil` when the exact
  /// pass must decide.
  private func quickBuild() -> TableSnapshot? {
    var sectionIDs = Set<SectionID>(minimumCapacity: sections.count)
    var total = 0
    for section in sections {
      guard sectionIDs.insert(section.id).inserted else { return nil }
      total += section.rows.count
    }
    var rowIDs = RowIDCounts(capacity: total)
    for section in sections {
      let clean = section.rows.withUnsafeBufferPointer { rows in
        for row in rows {
          guard Self.isValidHeight(row.height), rowIDs.add(RowIDCounts.hash(row.id)) == 1 else {
            return false
          }
        }
        return true
      }
      guard clean else { return nil }
    }
    return TableSnapshot(validatedSections: visible(sections), rowIDs: rowIDs)
  }

  /// `sections` without the empty ones, when ``hidesEmptySections`` says so.
  func visible(_ sections: [Section]) -> [Section] {
    guard hidesEmptySections else { return sections }
    return sections.filter { !$0.rows.isEmpty || $0.isCollapsed }
  }

  static func isValidHeight(_ height: Double) -> Bool { height.isFinite && height >= 0 }

  /// The hashes of the row ids of `sections`.
  static func rowIDs(of sections: [Section]) -> RowIDCounts {
    var rowIDs = RowIDCounts(capacity: sections.reduce(0) { $0 + $1.rows.count })
    for section in sections {
      for row in section.rows { rowIDs.add(RowIDCounts.hash(row.id)) }
    }
    return rowIDs
  }

  /// The exact pass: every id through a table of the ids seen (``RowIDPositions``), errors
  /// naming both positions, the policies applied and what they did reported; the hashes of
  /// the ids kept.
  private func exactSections() throws(SnapshotError) -> (
    sections: [Section], resolutions: [DuplicateResolution], probes: Int, rowIDs: RowIDCounts
  ) {
    var state = BuildState(
      minimumSections: sections.count, minimumRows: sections.reduce(0) { $0 + $1.rows.count })
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
    return (result, state.resolutions, state.probes, state.rowIDs.counts)
  }

  /// The ids seen so far, the renamers and the resolutions of one build.
  private struct BuildState {
    var sectionIDs: [SectionID: Int]
    var rowIDs: RowIDPositions
    var sectionRenamer = DuplicateIDRenamer<SectionTag>()
    var rowRenamer = DuplicateIDRenamer<RowTag>()
    var resolutions: [DuplicateResolution] = []

    init(minimumSections: Int, minimumRows: Int) {
      sectionIDs = [SectionID: Int](minimumCapacity: minimumSections)
      rowIDs = RowIDPositions(capacity: minimumRows)
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
      let renamed = renamer.unusedVariant(of: id) { rowIDs.position(of: $0) != nil }
      swap(&renamer, &rowRenamer)
      rowIDs.insertNew(renamed, at: position)
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
      guard let first = state.rowIDs.insert(row.id, hash: RowIDCounts.hash(row.id), at: position) else {
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
