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
    if let snapshot = quickBuild() { return snapshot }
    let sections = try exactSections()
    return TableSnapshot(validatedSections: sections, rowIDs: Self.rowIDs(of: sections))
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

  /// The exact pass: every id through a dictionary, errors naming both positions, the
  /// policies applied.
  private func exactSections() throws(SnapshotError) -> [Section] {
    var sectionIDs = [SectionID: Int](minimumCapacity: sections.count)
    var rowIDs = [RowID: RowPosition]()
    var result: [Section] = []
    result.reserveCapacity(sections.count)
    for (sectionIndex, section) in sections.enumerated() {
      var sectionID = section.id
      if let first = sectionIDs[sectionID] {
        switch policy {
        case .reject: throw .duplicateSectionID(sectionID, first: first, second: sectionIndex)
        case .keepFirst: continue
        case .disambiguate:
          sectionID = Self.unusedVariant(of: sectionID) { sectionIDs[$0] != nil }
        }
      }
      sectionIDs[sectionID] = sectionIndex
      let (rows, rowsChanged) = try validatedRows(of: section, at: sectionIndex, seen: &rowIDs)
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
    return result
  }

  private func validatedRows(
    of section: Section, at sectionIndex: Int, seen: inout [RowID: RowPosition]
  ) throws(SnapshotError) -> (rows: [Row], changed: Bool) {
    var rows = section.rows
    var dropped = 0
    var changed = false
    for (rowIndex, row) in section.rows.enumerated() {
      let position = RowPosition(section: sectionIndex, row: rowIndex)
      guard row.height.isFinite && row.height >= 0 else {
        throw .invalidHeight(row.id, at: position, height: row.height)
      }
      guard let first = seen[row.id] else {
        seen[row.id] = position
        continue
      }
      switch policy {
      case .reject: throw .duplicateRowID(row.id, first: first, second: position)
      case .keepFirst:
        rows.remove(at: rowIndex - dropped)
        dropped += 1
        changed = true
      case .disambiguate:
        let rowID = Self.unusedVariant(of: row.id) { seen[$0] != nil }
        seen[rowID] = position
        rows[rowIndex - dropped] = Row(id: rowID, kind: row.kind, model: row.model)
        changed = true
      }
    }
    return (rows, changed)
  }

  /// `id#2`, `id#3`, …: the first variant of `id` not yet taken.
  private static func unusedVariant<Tag>(
    of id: TaggedIdentifier<Tag>, isTaken: (TaggedIdentifier<Tag>) -> Bool
  ) -> TaggedIdentifier<Tag> {
    var suffix = 2
    while true {
      let candidate = TaggedIdentifier<Tag>("\(id.rawValue)#\(suffix)")
      if !isTaken(candidate) { return candidate }
      suffix += 1
    }
  }
}
