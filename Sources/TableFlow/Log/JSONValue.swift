import TableCore

/// A JSON value rendered deterministically: object keys sorted by their UTF-8 bytes, integral
/// numbers without a fraction, strings escaped minimally. Used by the jsonl log.
enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The value as compact JSON text.
  var text: String {
    var output = ""
    write(to: &output)
    return output
  }

  func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .integer(let whole): output += String(whole)
    case .number(let number): output += Self.format(number)
    case .string(let text): Self.writeString(text, to: &output)
    case .array(let items):
      output += "["
      for (index, item) in items.enumerated() {
        if index > 0 { output += "," }
        item.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated()
      {
        if index > 0 { output += "," }
        Self.writeString(key, to: &output)
        output += ":"
        members[key, default: .null].write(to: &output)
      }
      output += "}"
    }
  }

  /// Integral values without a fraction (`44`), others in Swift's shortest round-trip form;
  /// non-finite values, which JSON cannot hold, as `null`.
  static func format(_ number: Double) -> String {
    guard number.isFinite else { return "null" }
    if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
    return String(number)
  }

  static func writeString(_ text: String, to output: inout String) {
    output += "\""
    // Characters that need escaping are ASCII, so the text between them is copied as whole
    // runs of UTF-8 (at scalar boundaries, decoded as bytes so that a run may start inside a
    // grapheme cluster) instead of scalar by scalar.
    let utf8 = text.utf8
    var runStart = utf8.startIndex
    var index = runStart
    while index != utf8.endIndex {
      let byte = utf8[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        utf8.formIndex(after: &index)
        continue
      }
      output += String(decoding: utf8[runStart..<index], as: UTF8.self)
      switch byte {
      case UInt8(ascii: "\""): output += "\\\""
      case UInt8(ascii: "\\"): output += "\\\\"
      case UInt8(ascii: "\n"): output += "\\n"
      case UInt8(ascii: "\r"): output += "\\r"
      case UInt8(ascii: "\t"): output += "\\t"
      default:
        let hex = String(byte, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
      utf8.formIndex(after: &index)
      runStart = index
    }
    output += runStart == utf8.startIndex ? text : String(decoding: utf8[runStart..<index], as: UTF8.self)
    output += "\""
  }
}

extension JSONValue {
  /// A field value as JSON.
  init(_ value: FieldValue) {
    switch value {
    case .text(let text): self = .string(text)
    case .integer(let whole): self = .integer(whole)
    case .number(let number): self = .number(number)
    case .bool(let flag): self = .bool(flag)
    case .null: self = .null
    }
  }

  /// A snapshot in the interchange form of DESIGN.md.
  init(_ snapshot: TableSnapshot) {
    self = .object([
      "sections": .array(
        snapshot.sections.map { section in
          .object([
            "id": .string(section.id.rawValue),
            "header": section.header.map(JSONValue.string) ?? .null,
            "footer": section.footer.map(JSONValue.string) ?? .null,
            "style": .string(section.style.rawValue),
            "collapsed": .bool(section.isCollapsed),
            "rows": .array(
              section.rows.map { row in
                var fields: [String: JSONValue] = [:]
                for field in row.fields { fields[field.name] = JSONValue(field.value) }
                return .object([
                  "id": .string(row.id.rawValue), "kind": .string(row.kind.rawValue),
                  "height": .number(row.height), "fields": .object(fields),
                ])
              }),
          ])
        })
    ])
  }

  /// A staged changeset in the interchange form of DESIGN.md.
  init(_ changeset: StagedChangeset) {
    func position(_ position: RowPosition) -> JSONValue {
      .array([.integer(position.section), .integer(position.row)])
    }
    self = .object([
      "stages": .array(
        changeset.stages.map { stage in
          .object([
            "sectionDeletes": .array(stage.sectionDeletes.map(JSONValue.integer)),
            "sectionInserts": .array(stage.sectionInserts.map(JSONValue.integer)),
            "sectionMoves": .array(stage.sectionMoves.map { .array([.integer($0.from), .integer($0.to)]) }),
            "sectionReloads": .array(stage.sectionReloads.map(JSONValue.integer)),
            "rowDeletes": .array(stage.rowDeletes.map(position)),
            "rowInserts": .array(stage.rowInserts.map(position)),
            "rowMoves": .array(stage.rowMoves.map { .array([position($0.from), position($0.to)]) }),
            "rowReloads": .array(stage.rowReloads.map(position)),
            "rowReconfigures": .array(stage.rowReconfigures.map(position)),
          ])
        })
    ])
  }
}
