import TableCore
import TableFlow

extension SpecScreen {
  /// The sections of one section of the spec: none when its `when` does not match or it hides
  /// while empty, one per group with `groupBy`, else one.
  func build(
    _ section: SpecSectionDefinition, at index: Int, state: ScreenState<SpecDocument>,
    into sections: inout [Section]
  ) throws {
    guard section.when.allSatisfy({ $0.matches(self.scope) }) else { return }
    var scope = scope
    let rows: [Row]
    switch section.content {
    case .fixed(let prototypes):
      rows = try state.memoised(SpecMemoKey(section: index), from: params) { _ in
        try prototypes.map { prototype in try fixedRow(prototype, scope: scope) }
      }
      scope.section = (nil, 0)
    case .records(let source):
      let request = definition.requests[source.request]
      let pages = state.pages(in: request.name)
      let recordPages = try records(of: source, in: pages)
      let progress = SpecProgress(
        pages: pages, records: request.records, pagination: request.pagination, scope: scope)
      if request.pagination?.style == .link, case .failure(let problem)? = pages.last?.next {
        throw SpecAnswerError(message: "\(problem.message), in the answer to '\(request.name)'")
      }
      scope.section = (progress.total, progress.loaded)
      if let grouping = source.grouping {
        for group in try groups(of: recordPages, by: grouping, section: index, state: state) {
          let rows = state.rows(SpecGroupMemoKey(section: index, key: group.key), ofPages: [group.records]) {
            _, entry, rows in
            appendRows(
              of: entry.record, page: entry.page, prototypes: source.prototypes, invalidID: source.invalidID,
              to: &rows)
          }
          scope.group = (group.key, grouping.title(of: group.key), group.records.count)
          sections.append(
            Section(
              id: SectionID(try sectionID(of: grouping, scope: scope)),
              header: section.header.flatMap { $0.renderIfPossible(scope) },
              footer: section.footer.flatMap { $0.renderIfPossible(scope) }, style: section.style, rows: rows)
          )
        }
        return
      }
      var built = state.rows(SpecMemoKey(section: index), ofPages: recordPages) { page, record, rows in
        appendRows(
          of: record, page: page, prototypes: source.prototypes, invalidID: source.invalidID, to: &rows)
      }
      if let empty = source.empty, !pages.isEmpty, recordPages.allSatisfy(\.isEmpty) {
        built = [try fixedRow(empty, scope: scope)]
      }
      rows = built
    }
    if rows.isEmpty && section.hidesWhenEmpty { return }
    sections.append(
      Section(
        id: section.id, header: section.header.flatMap { $0.renderIfPossible(scope) },
        footer: section.footer.flatMap { $0.renderIfPossible(scope) }, style: section.style, rows: rows))
  }

  /// The records of each page of a section's request.
  /// - Throws: ``SpecAnswerError`` when an answer holds another value where its records should be.
  func records(of source: SpecRecordsSource, in pages: [SpecDocument]) throws -> [[SpecRecord]] {
    var recordPages: [[SpecRecord]] = []
    recordPages.reserveCapacity(pages.count)
    for page in pages {
      guard let records = page.records[source.pointer] else {
        let pointer = definition.recordPointers[source.pointer]
        let request = definition.requests[source.request].name
        throw SpecAnswerError(message: "no array at '\(pointer)' in the answer to '\(request)'")
      }
      recordPages.append(records)
    }
    return recordPages
  }

  /// The groups of a grouped section's records, made again only when its records change.
  func groups(
    of recordPages: [[SpecRecord]], by grouping: SpecGrouping, section index: Int,
    state: ScreenState<SpecDocument>
  ) throws -> [SpecGroup] {
    let scope = scope
    return try state.memoised(SpecGroupsMemoKey(section: index), from: recordPages) { pages in
      try grouping.groups(of: pages, scope: scope)
    }
  }

  /// The id of a group's section.
  func sectionID(of grouping: SpecGrouping, scope: SpecScope) throws -> String {
    do throws(SpecBindingFailure) {
      return try grouping.id.render(scope)
    } catch {
      throw SpecAnswerError(message: "the id of group '\(scope.group?.key ?? "")': \(error.reason)")
    }
  }

  /// A row of a fixed section (or a section's `empty` row), from the screen's parameters.
  func fixedRow(_ prototype: SpecPrototype, scope: SpecScope) throws -> Row {
    do throws(SpecBindingFailure) {
      return try row(prototype, scope: scope)
    } catch {
      throw SpecAnswerError(message: "row '\(prototype.kind.rawValue)': \(error.reason)")
    }
  }

  /// The rows of one record: one per prototype whose `when` matches, or, when any of them
  /// cannot be filled, the record's `tableflow.invalid` placeholder.
  func appendRows(
    of record: SpecRecord, page: Int, prototypes: [SpecPrototype], invalidID: SpecTemplate,
    to rows: inout [Row]
  ) {
    var scope = scope
    scope.item = record.value
    scope.itemSteps = record.steps
    scope.position = (page, record.index)
    let start = rows.count
    do throws(SpecBindingFailure) {
      for prototype in prototypes where prototype.when.allSatisfy({ $0.matches(scope) }) {
        rows.append(try row(prototype, scope: scope))
      }
    } catch {
      rows.removeSubrange(start...)
      var path = ""
      SpecPath.append(error.steps[...], to: &path)
      scope.faultPath = path
      let id = invalidID.renderIfPossible(scope) ?? "invalid-\(page)-\(record.index)"
      rows.append(InvalidItem(index: record.index, path: path, reason: error.reason).row(id: RowID(id)))
    }
  }

  /// The row `prototype` makes in `scope`.
  func row(_ prototype: SpecPrototype, scope: SpecScope) throws(SpecBindingFailure) -> Row {
    let id = try prototype.id.render(scope)
    var fields: [Field] = []
    fields.reserveCapacity(prototype.fields.count)
    for (name, value) in prototype.fields { fields.append(Field(name, .text(try value.render(scope)))) }
    let height: Double
    switch prototype.height {
    case .fixed(let points): height = points
    case .text(let blocks, let padding):
      var measured: [CellLayout.TextBlock] = []
      measured.reserveCapacity(blocks.count)
      for block in blocks {
        measured.append(
          .init(text: try block.text.render(scope), fontSize: block.fontSize, maxLines: block.maxLines))
      }
      height = CellLayout.height(measured, padding: padding)
    }
    return Row(
      id: RowID(id), kind: prototype.kind,
      model: SpecCellModel(fields: fields, height: height, prototype: prototype.index))
  }

  /// `entry 12 of page read/0`: the record of each row of a section made from records.
  public func origins(
    ofRowsAt positions: [RowPosition], in sections: [Section], state: ScreenState<SpecDocument>
  ) -> [String?] {
    var table: [Int: [String?]] = [:]
    return positions.map { position in
      guard sections.indices.contains(position.section) else { return nil }
      if table[position.section] == nil {
        table[position.section] = origins(of: sections[position.section].id, state: state)
      }
      let origins = table[position.section] ?? []
      return origins.indices.contains(position.row) ? origins[position.row] : nil
    }
  }

  private func origins(of id: SectionID, state: ScreenState<SpecDocument>) -> [String?] {
    for (index, section) in definition.sections.enumerated()
    where section.when.allSatisfy({ $0.matches(self.scope) }) {
      guard case .records(let source) = section.content else { continue }
      let request = definition.requests[source.request]
      let pages = state.pages(in: request.name)
      guard let grouping = source.grouping else {
        guard section.id == id else { continue }
        var records: [SpecGroupedRecord] = []
        for (pageIndex, page) in pages.enumerated() {
          for record in page.records[source.pointer] ?? [] {
            records.append(SpecGroupedRecord(page: pageIndex, record: record))
          }
        }
        return origins(of: records, source: source)
      }
      guard let recordPages = try? records(of: source, in: pages),
        let groups = try? groups(of: recordPages, by: grouping, section: index, state: state)
      else { continue }
      var scope = scope
      for group in groups {
        scope.group = (group.key, grouping.title(of: group.key), group.records.count)
        if (try? sectionID(of: grouping, scope: scope)) == id.rawValue {
          return origins(of: group.records, source: source)
        }
      }
    }
    return []
  }

  private func origins(of records: [SpecGroupedRecord], source: SpecRecordsSource) -> [String?] {
    let request = definition.requests[source.request]
    var origins: [String?] = []
    for entry in records {
      var rows: [Row] = []
      appendRows(
        of: entry.record, page: entry.page, prototypes: source.prototypes, invalidID: source.invalidID,
        to: &rows)
      let origin = "entry \(entry.record.index) of page \(request.name)/\(entry.page)"
      origins += Array(repeating: origin, count: rows.count)
    }
    return origins
  }
}

/// The key of a spec section's memoised rows.
struct SpecMemoKey: Hashable, Sendable {
  var section: Int
}

/// The key of a group's memoised rows.
struct SpecGroupMemoKey: Hashable, Sendable {
  var section: Int
  var key: String
}

/// The key of a grouped section's memoised groups.
struct SpecGroupsMemoKey: Hashable, Sendable {
  var section: Int
}

/// An answer a spec screen cannot show (its records are not where the spec says): an error
/// row, the previous content stays.
struct SpecAnswerError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
