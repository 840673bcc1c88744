import TableCore
import TableFlow

extension SpecScreen {
  /// The identity of a record shown by `source`: the id of the first row it makes, or `nil`
  /// when it makes none.
  func identity(of record: SpecRecord, page: Int, source: SpecRecordsSource) -> String? {
    var scope = scope
    scope.item = record.value
    scope.itemSteps = record.steps
    scope.position = (page, record.index)
    return identity(in: scope, source: source)
  }

  /// The identity of the record of `scope` (its `item`), shown by `source`.
  func identity(in scope: SpecScope, source: SpecRecordsSource) -> String? {
    for prototype in source.prototypes where prototype.when.allSatisfy({ $0.matches(scope) }) {
      return prototype.id.renderIfPossible(scope)
    }
    return nil
  }

  /// Where each identity of a section's records is first found (page, index in page), made
  /// again only when its records change.
  func identities(
    of recordPages: [[SpecRecord]], source: SpecRecordsSource, section index: Int,
    state: ScreenState<SpecDocument>
  ) -> [String: SpecRecordPlace] {
    state.memoised(SpecIdentitiesMemoKey(section: index), from: recordPages) { pages in
      var places: [String: SpecRecordPlace] = [:]
      for (page, records) in pages.enumerated() {
        for (offset, record) in records.enumerated() {
          guard let identity = identity(of: record, page: page, source: source), places[identity] == nil
          else { continue }
          places[identity] = SpecRecordPlace(page: page, offset: offset)
        }
      }
      return places
    }
  }

  /// The records with each `set` applied: the members the actions set replace the record's.
  /// - Complexity: O(changes) look-ups, plus copying each page a change applies to.
  func changed(
    _ recordPages: [[SpecRecord]], of source: SpecRecordsSource, section index: Int, changes: SpecChanges,
    state: ScreenState<SpecDocument>
  ) -> [[SpecRecord]] {
    let places = identities(of: recordPages, source: source, section: index, state: state)
    var pages = recordPages
    for (identity, actions) in changes.sets.sorted(by: { $0.key < $1.key }) {
      guard let place = places[identity] else { continue }
      for name in actions {
        guard case .set(let members)? = definition.actions[name]?.change else { continue }
        pages[place.page][place.offset].value = pages[place.page][place.offset].value.setting(members)
      }
    }
    return pages
  }

  /// Makes `move`: the rows of the record it names leave every section (each one's total one
  /// less) and become the first rows of the target section (its total one more), which is
  /// shown for them if it was not. A move whose record or target is not on the screen does
  /// nothing.
  /// - Complexity: O(rows of the screen).
  func move(
    _ move: SpecChanges.Move, in built: inout [SpecBuiltSection], state: ScreenState<SpecDocument>,
    changes: SpecChanges
  ) {
    guard let ids = rowIDs(of: move.identity, state: state, changes: changes), !ids.isEmpty else { return }
    var target = built.firstIndex { $0.id.rawValue == move.target }
    if target == nil {
      guard var made = emptySection(move.target, among: built, state: state) else { return }
      if built.contains(where: { $0.origins != nil }) { made.section.origins = [] }
      built.insert(made.section, at: made.position)
      target = made.position
    }
    guard let target else { return }
    var moved: (rows: [Row], origins: [String?])?
    for index in built.indices {
      let rows = built[index].rows
      guard rows.contains(where: { ids.contains($0.id) }) else { continue }
      var kept = SpecBuiltSection(
        definition: built[index].definition, id: built[index].id, scope: built[index].scope, rows: [],
        origins: built[index].origins.map { _ in [] })
      kept.rows.reserveCapacity(rows.count)
      var taken: (rows: [Row], origins: [String?]) = ([], [])
      for (position, row) in rows.enumerated() {
        let origin = built[index].origins?[position] ?? nil
        if ids.contains(row.id) {
          taken.rows.append(row)
          taken.origins.append(origin)
        } else {
          kept.rows.append(row)
          kept.origins?.append(origin)
        }
      }
      if moved == nil { moved = taken }
      kept.scope.adjustCounts(by: -1)
      built[index] = kept
    }
    guard let moved else { return }
    built[target].rows.insert(contentsOf: moved.rows, at: 0)
    built[target].origins?.insert(contentsOf: moved.origins, at: 0)
    built[target].scope.adjustCounts(by: 1)
  }

  /// The ids of the rows of the record `identity`, found in the first section made from
  /// records that shows it.
  private func rowIDs(
    of identity: String, state: ScreenState<SpecDocument>, changes: SpecChanges
  ) -> Set<RowID>? {
    for (index, section) in definition.sections.enumerated()
    where section.when.allSatisfy({ $0.matches(scope) }) {
      guard case .records(let source) = section.content else { continue }
      let pages = state.pages(in: definition.requests[source.request].name)
      guard let recordPages = try? records(of: source, in: pages),
        let place = identities(of: recordPages, source: source, section: index, state: state)[identity]
      else { continue }
      var rows: [Row] = []
      appendRows(
        of: recordPages[place.page][place.offset], page: place.page, prototypes: source.prototypes,
        invalidID: source.invalidID, to: &rows)
      return Set(rows.map(\.id))
    }
    return nil
  }

  /// The section `id` with no rows, where it goes among `built`, when the spec has it: a
  /// section of its own id (made from records), or a group of a grouped section.
  private func emptySection(
    _ id: String, among built: [SpecBuiltSection], state: ScreenState<SpecDocument>
  ) -> (section: SpecBuiltSection, position: Int)? {
    for (index, section) in definition.sections.enumerated()
    where section.when.allSatisfy({ $0.matches(scope) }) {
      guard case .records(let source) = section.content else { continue }
      let request = definition.requests[source.request]
      var scope = scope
      let progress = SpecProgress(
        pages: state.pages(in: request.name), records: request.records, pagination: request.pagination,
        scope: scope)
      scope.section = (progress.total, progress.loaded)
      let after = built.firstIndex { $0.definition > index } ?? built.count
      guard let grouping = source.grouping else {
        guard section.id.rawValue == id else { continue }
        return (
          SpecBuiltSection(definition: index, id: section.id, scope: scope, rows: [], origins: nil), after
        )
      }
      scope.group = (id, grouping.title(of: id), 0)
      guard (try? sectionID(of: grouping, scope: scope)) == id else { continue }
      let rank = grouping.first.firstIndex(of: id) ?? grouping.first.count
      let position =
        built.indices.first { position in
          guard built[position].definition == index, let key = built[position].scope.group?.key else {
            return false
          }
          return (grouping.first.firstIndex(of: key) ?? grouping.first.count) > rank
        } ?? after
      return (
        SpecBuiltSection(definition: index, id: SectionID(id), scope: scope, rows: [], origins: nil), position
      )
    }
    return nil
  }
}

/// Where a record is: its page and its offset in the page's records.
struct SpecRecordPlace: Hashable, Sendable {
  var page: Int
  var offset: Int
}

/// The key of a section's memoised record identities.
struct SpecIdentitiesMemoKey: Hashable, Sendable {
  var section: Int
}

extension SpecScope {
  /// One record more or less in the section (`section.total`, when known) and its group.
  mutating func adjustCounts(by delta: Int) {
    if let current = section { section = (current.total.map { $0 + delta }, current.loaded) }
    if let current = group { group = (current.key, current.title, current.count + delta) }
  }
}

extension SpecValue {
  /// The object with `members` set: each replaces the member of its key, or is added.
  func setting(_ members: [SpecMember]) -> SpecValue {
    guard case .object(var existing) = self else { return self }
    for member in members {
      if let index = existing.firstIndex(where: { $0.key == member.key }) {
        existing[index].value = member.value
      } else {
        existing.append(member)
      }
    }
    return .object(existing)
  }
}
