import TableCore
import TableFlow

/// A section as built from the spec, before the screen's moves are applied and its header and
/// footer filled in.
struct SpecBuiltSection {
  /// Its section in the spec.
  var definition: Int
  var id: SectionID
  /// The scope its header and footer are filled in: `section.…` and, grouped, `group.…`.
  var scope: SpecScope
  var rows: [Row]
  /// Where each row came from, when asked for (``SpecScreen/origins(ofRowsAt:in:state:)``).
  var origins: [String?]?
}

extension SpecScreen {
  /// The sections, with the screen's changes applied: the sections of every section of the
  /// spec shown, the record changes (`set`) in their rows, the moves made.
  func builtSections(state: ScreenState<SpecDocument>, origins: Bool) throws -> [SpecBuiltSection] {
    let changes = SpecChanges(state.changes)
    let form = definition.hasForm ? formValues(state: state) : nil
    var built: [SpecBuiltSection] = []
    for (index, section) in definition.sections.enumerated()
    where section.when.allSatisfy({ $0.matches(scope) }) {
      try build(
        section, at: index, state: state, changes: changes, form: form, origins: origins, into: &built)
    }
    for move in changes.moves { self.move(move, in: &built, state: state, changes: changes) }
    return built
  }

  /// A built section as shown, or `nil` when it hides while empty (a group always does).
  func section(of built: SpecBuiltSection) -> Section? {
    let section = definition.sections[built.definition]
    if built.rows.isEmpty, section.hidesWhenEmpty || built.scope.group != nil { return nil }
    return Section(
      id: built.id, header: section.header.flatMap { $0.renderIfPossible(built.scope) },
      footer: section.footer.flatMap { $0.renderIfPossible(built.scope) }, style: section.style,
      rows: built.rows)
  }

  /// The built sections of one section of the spec: one per group with `groupBy`, else one.
  private func build(
    _ section: SpecSectionDefinition, at index: Int, state: ScreenState<SpecDocument>, changes: SpecChanges,
    form: SpecFormValues?, origins: Bool, into built: inout [SpecBuiltSection]
  ) throws {
    var scope = scope
    scope.form = form?.scopeValue
    switch section.content {
    case .fixed(let prototypes):
      let rows = try state.memoised(
        SpecMemoKey(section: index), from: SpecFixedInput(params: params, form: form)
      ) {
        _ in
        try prototypes.filter { $0.when.allSatisfy { $0.matches(scope) } }.map { prototype in
          try fixedRow(prototype, scope: scope)
        }
      }
      scope.section = (nil, 0)
      built.append(
        SpecBuiltSection(
          definition: index, id: section.id, scope: scope, rows: rows,
          origins: origins ? Array(repeating: nil, count: rows.count) : nil))
    case .records(let source):
      let request = definition.requests[source.request]
      // A submit's answers replace each other: the newest is shown.
      let pages =
        request.isSubmit ? Array(state.pages(in: request.name).suffix(1)) : state.pages(in: request.name)
      var recordPages = try records(of: source, in: pages)
      if !changes.sets.isEmpty {
        recordPages = changed(recordPages, of: source, section: index, changes: changes, state: state)
      }
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
              of: entry.record, page: entry.page, source: source, to: &rows)
          }
          scope.group = (group.key, grouping.title(of: group.key), group.records.count)
          built.append(
            SpecBuiltSection(
              definition: index, id: SectionID(try sectionID(of: grouping, scope: scope)), scope: scope,
              rows: rows, origins: origins ? self.origins(of: group.records, source: source) : nil))
        }
        return
      }
      var rows = state.memoisedRows(SpecMemoKey(section: index), ofPages: recordPages) { page, record, rows in
        appendRows(of: record, page: page, source: source, to: &rows)
      }
      var rowOrigins: [String?]?
      if let empty = source.empty, !pages.isEmpty, recordPages.allSatisfy(\.isEmpty) {
        rows = [try fixedRow(empty, scope: scope)]
        rowOrigins = [nil]
      } else if origins {
        let records = recordPages.enumerated().flatMap { page in
          page.element.map { SpecGroupedRecord(page: page.offset, record: $0) }
        }
        rowOrigins = self.origins(of: records, source: source)
      }
      built.append(
        SpecBuiltSection(definition: index, id: section.id, scope: scope, rows: rows, origins: rowOrigins))
    }
  }

  /// `entry 12 of page read/0`: the record of each row of a section made from records.
  public func origins(
    ofRowsAt positions: [RowPosition], in sections: [Section], state: ScreenState<SpecDocument>
  ) -> [String?] {
    guard let built = try? builtSections(state: state, origins: true) else {
      return positions.map { _ in nil }
    }
    let shown = built.filter { self.section(of: $0) != nil }
    return positions.map { position in
      guard sections.indices.contains(position.section),
        let found = shown.first(where: { $0.id == sections[position.section].id }),
        let origins = found.origins, origins.indices.contains(position.row)
      else { return nil }
      return origins[position.row]
    }
  }
}

/// What a fixed section's rows are made from: the parameters and the form's values.
struct SpecFixedInput: Hashable, Sendable {
  var params: [String: String]
  var form: SpecFormValues?
}
