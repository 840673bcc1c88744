import TableCore

/// A session page's data as the viewer's script reads it: compact JSON with each distinct row
/// stored once (a 10,000-row table shown in ten steps holds its rows once, not ten times).
///
/// ```
/// {"title":…, "rows":[[kind, id, height, [[name, value], …]], …],
///  "steps":[{"screen","version","kind","counts","timeline":[…],"sections":[SECTION…],
///            "previous":[SECTION…], "stages":[{"tally","after":[SECTION…],"sections":[…],"rows":[…]}]}],
///  "trailing":[…]}
/// SECTION = [id, header, footer, style, collapsed, [row index, …]]
/// ```
package struct PageData {
  private var rowIndex: [Row: Int] = [:]
  private var loggedRowIndex: [LoggedTable.Row: Int] = [:]
  /// Each distinct row once, as `[kind, id, height, [[name, value], …]]`.
  private(set) var rows: [JSONValue] = []

  /// The page as JSON.
  package static func json(for page: SessionPage) -> JSONValue {
    var data = PageData()
    let steps = page.steps.map { data.step($0) }
    return .object([
      "title": .string(page.title), "rows": .array(data.rows), "steps": .array(steps),
      "trailing": .array(page.trailing.map(Self.entry)),
    ])
  }

  /// One step; its rows join the pool.
  package mutating func step(_ step: PageStep) -> JSONValue {
    var object: [String: JSONValue] = [
      "screen": .string(step.screen), "version": .integer(step.version), "kind": .string(step.kind.rawValue),
      "counts": .string(SnapshotText.counts(step.snapshot)),
      "timeline": .array(step.timeline.map(Self.entry)),
      "sections": sections(step.snapshot),
    ]
    if !step.stages.isEmpty {
      object["previous"] = sections(step.previous)
      object["stages"] = .array(
        step.stages.enumerated().map { number, stage in
          self.stage(stage, isLast: number == step.stages.count - 1)
        })
    }
    return .object(object)
  }

  private mutating func stage(_ stage: StageDescription, isLast: Bool) -> JSONValue {
    var object: [String: JSONValue] = [
      "tally": .string(SnapshotText.tally(stage.stage)),
      "sections": .array(
        stage.sections.map { change in
          .array([
            .string(change.kind.rawValue), change.id.map { .string($0.rawValue) } ?? .null,
            change.from.map(JSONValue.integer) ?? .null, change.to.map(JSONValue.integer) ?? .null,
            .string(SnapshotText.titleChanges(change)),
          ])
        }),
      "rows": .array(
        stage.rows.map { change in
          .array([
            .string(change.kind.rawValue), change.id.map { .string($0.rawValue) } ?? .null,
            Self.position(change.from), Self.position(change.to),
            change.before.map { .integer(index(of: $0)) } ?? .null,
            change.after.map { .integer(index(of: $0)) } ?? .null,
            .array(change.changedFields.map(JSONValue.string)),
          ])
        }),
    ]
    // The last stage ends at the step's own table, which the step already holds.
    if !isLast { object["after"] = sections(stage.after) }
    return .object(object)
  }

  private mutating func sections(_ snapshot: TableSnapshot) -> JSONValue {
    .array(
      snapshot.sections.map { section in
        .array([
          .string(section.id.rawValue), section.header.map(JSONValue.string) ?? .null,
          section.footer.map(JSONValue.string) ?? .null, .string(section.style.rawValue),
          .bool(section.isCollapsed), .array(section.rows.map { .integer(index(of: $0)) }),
        ])
      })
  }

  /// A table read back from a text log, as SECTION values whose rows join the pool.
  mutating func sections(_ table: LoggedTable) -> JSONValue {
    .array(
      table.sections.map { section in
        .array([
          .string(section.id), section.header.map(JSONValue.string) ?? .null,
          section.footer.map(JSONValue.string) ?? .null, .string(section.style), .bool(section.isCollapsed),
          .array(section.rows.map { .integer(index(of: $0)) }),
        ])
      })
  }

  private mutating func index(of row: LoggedTable.Row) -> Int {
    if let index = loggedRowIndex[row] { return index }
    let index = rows.count
    loggedRowIndex[row] = index
    rows.append(
      .array([
        .string(row.kind), .string(row.id), .number(row.height),
        .array(row.fields.map { .array([.string($0.name), $0.value]) }),
      ]))
    return index
  }

  private mutating func index(of row: Row) -> Int {
    if let index = rowIndex[row] { return index }
    let index = rows.count
    rowIndex[row] = index
    rows.append(
      .array([
        .string(row.kind.rawValue), .string(row.id.rawValue), .number(row.height),
        .array(row.fields.map { .array([.string($0.name), JSONValue($0.value)]) }),
      ]))
    return index
  }

  private static func position(_ position: RowPosition?) -> JSONValue {
    position.map { .array([.integer($0.section), .integer($0.row)]) } ?? .null
  }

  private static func entry(_ entry: TimelineEntry) -> JSONValue {
    switch entry {
    case .intent(let text): return .array([.string("intent"), .string(text)])
    case .navigation(let text): return .array([.string("navigation"), .string(text)])
    case .note(let text): return .array([.string("note"), .string(text)])
    case .error(let text): return .array([.string("error"), .string(text)])
    case .request(let method, let url, let status, let bytes, let milliseconds):
      return .array([
        .string("request"), .string(method), .string(url), .integer(status), .integer(bytes),
        milliseconds.map(JSONValue.number) ?? .null,
      ])
    }
  }
}
