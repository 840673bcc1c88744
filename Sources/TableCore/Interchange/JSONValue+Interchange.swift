extension JSONValue {
  /// A field value as JSON.
  public init(_ value: FieldValue) {
    switch value {
    case .text(let text): self = .string(text)
    case .integer(let whole): self = .integer(whole)
    case .number(let number): self = .number(number)
    case .bool(let flag): self = .bool(flag)
    case .null: self = .null
    }
  }

  /// A row in interchange form: `{"id","kind","height","fields":{…}}`.
  public init(_ row: Row) {
    var fields: [String: JSONValue] = [:]
    for field in row.fields { fields[field.name] = JSONValue(field.value) }
    self = .object([
      "id": .string(row.id.rawValue), "kind": .string(row.kind.rawValue), "height": .number(row.height),
      "fields": .object(fields),
    ])
  }

  /// A section in interchange form: `{"id","header","footer","style","collapsed","rows":[…]}`;
  /// absent titles are `null`.
  public init(_ section: Section) {
    self = .object([
      "id": .string(section.id.rawValue),
      "header": section.header.map(JSONValue.string) ?? .null,
      "footer": section.footer.map(JSONValue.string) ?? .null,
      "style": .string(section.style.rawValue),
      "collapsed": .bool(section.isCollapsed),
      "rows": .array(section.rows.map(JSONValue.init)),
    ])
  }

  /// A snapshot in the interchange form of DESIGN.md: `{"sections":[…]}`.
  public init(_ snapshot: TableSnapshot) {
    self = .object(["sections": .array(snapshot.sections.map(JSONValue.init))])
  }

  /// A staged changeset in the interchange form of DESIGN.md: `{"stages":[…]}`, indexes only.
  public init(_ changeset: StagedChangeset) {
    self = .object(["stages": .array(changeset.stages.map(JSONValue.init))])
  }

  /// One stage in interchange form: its index lists, UIKit's index rules. `sectionUpdates`
  /// (header or footer text changed in place, post-stage indexes) is written only when the
  /// stage has some, so changesets without title changes read as before it existed.
  public init(_ stage: ChangesetStage) {
    func position(_ position: RowPosition) -> JSONValue {
      .array([.integer(position.section), .integer(position.row)])
    }
    var members: [String: JSONValue] = [
      "sectionDeletes": .array(stage.sectionDeletes.map(JSONValue.integer)),
      "sectionInserts": .array(stage.sectionInserts.map(JSONValue.integer)),
      "sectionMoves": .array(stage.sectionMoves.map { .array([.integer($0.from), .integer($0.to)]) }),
      "sectionReloads": .array(stage.sectionReloads.map(JSONValue.integer)),
      "rowDeletes": .array(stage.rowDeletes.map(position)),
      "rowInserts": .array(stage.rowInserts.map(position)),
      "rowMoves": .array(stage.rowMoves.map { .array([position($0.from), position($0.to)]) }),
      "rowReloads": .array(stage.rowReloads.map(position)),
      "rowReconfigures": .array(stage.rowReconfigures.map(position)),
    ]
    if !stage.sectionUpdates.isEmpty {
      members["sectionUpdates"] = .array(stage.sectionUpdates.map(JSONValue.integer))
    }
    self = .object(members)
  }
}

extension JSONValue: Encodable {
  /// Encodes the value with any `Encoder`; object keys go in sorted order.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .array(let items):
      var container = encoder.unkeyedContainer()
      for item in items { try container.encode(item) }
    case .object(let members):
      var container = encoder.container(keyedBy: InterchangeKey.self)
      for key in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
        try container.encode(members[key, default: .null], forKey: InterchangeKey(key))
      }
    default:
      var container = encoder.singleValueContainer()
      switch self {
      case .null: try container.encodeNil()
      case .bool(let flag): try container.encode(flag)
      case .integer(let whole): try container.encode(whole)
      case .number(let number): try container.encode(number)
      case .string(let text): try container.encode(text)
      case .array, .object: break  // handled above
      }
    }
  }
}
