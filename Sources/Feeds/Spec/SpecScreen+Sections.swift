import TableCore
import TableFlow

extension SpecScreen {
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
  /// cannot be filled, the record's `tableflow.invalid` placeholder; whether they show the
  /// record's index (a placeholder does, and so do prototypes that read `position`).
  @discardableResult
  func appendRows(of record: SpecRecord, page: Int, source: SpecRecordsSource, to rows: inout [Row]) -> Bool {
    var scope = scope
    scope.item = record.value
    scope.itemSteps = record.steps
    scope.position = (page, record.index)
    let start = rows.count
    do throws(SpecBindingFailure) {
      for prototype in source.prototypes where prototype.when.allSatisfy({ $0.matches(scope) }) {
        rows.append(try row(prototype, scope: scope))
        if source.choosesFirst { break }
      }
      return source.readsPosition
    } catch {
      rows.removeSubrange(start...)
      var path = ""
      SpecPath.append(error.steps[...], to: &path)
      scope.faultPath = path
      let id = source.invalidID.renderIfPossible(scope) ?? "invalid-\(page)-\(record.index)"
      rows.append(InvalidItem(index: record.index, path: path, reason: error.reason).row(id: RowID(id)))
      return true
    }
  }

  /// The row `prototype` makes in `scope`.
  func row(_ prototype: SpecPrototype, scope: SpecScope) throws(SpecBindingFailure) -> Row {
    let id = try prototype.id.render(scope)
    var fields: [Field] = []
    fields.reserveCapacity(prototype.fields.count)
    for field in prototype.fields {
      if field.isOptional {
        if let value = try? field.value(in: scope) { fields.append(Field(field.name, value)) }
      } else {
        fields.append(Field(field.name, try field.value(in: scope)))
      }
    }
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

  /// The origins of the rows `records` make, one per row: `entry 12 of page read/0`.
  func origins(of records: [SpecGroupedRecord], source: SpecRecordsSource) -> [String?] {
    let request = definition.requests[source.request]
    var origins: [String?] = []
    for entry in records {
      var rows: [Row] = []
      appendRows(
        of: entry.record, page: entry.page, source: source, to: &rows)
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
