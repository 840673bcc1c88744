extension TableSnapshot {
  /// Appends the snapshot in the interchange form of DESIGN.md, byte for byte what
  /// `JSONValue(snapshot).text` writes, straight into `output`: no value is built per row.
  ///
  /// - Complexity: O(*n*) in the text written, plus sorting each row's field names.
  public func writeInterchange(to output: inout String) {
    output += #"{"sections":["#
    for (index, section) in sections.enumerated() {
      if index > 0 { output += "," }
      Self.write(section, to: &output)
    }
    output += "]}"
  }

  /// `{"collapsed","footer","header","id","rows","style"}`: the keys in sorted order.
  private static func write(_ section: Section, to output: inout String) {
    output += section.isCollapsed ? #"{"collapsed":true,"footer":"# : #"{"collapsed":false,"footer":"#
    writeTitle(section.footer, to: &output)
    output += #","header":"#
    writeTitle(section.header, to: &output)
    output += #","id":"#
    JSONValue.writeString(section.id.rawValue, to: &output)
    output += #","rows":["#
    for (index, row) in section.rows.enumerated() {
      if index > 0 { output += "," }
      write(row, to: &output)
    }
    output += #"],"style":"#
    JSONValue.writeString(section.style.rawValue, to: &output)
    output += "}"
  }

  private static func writeTitle(_ title: String?, to output: inout String) {
    if let title { JSONValue.writeString(title, to: &output) } else { output += "null" }
  }

  /// `{"fields":{…},"height","id","kind"}`; fields sorted by name, the last of equal names
  /// winning, as a `JSONValue` object holds them.
  private static func write(_ row: Row, to output: inout String) {
    output += #"{"fields":{"#
    let fields = row.fields
    var order = Array(fields.indices)
    order.sort { left, right in
      let (a, b) = (fields[left].name, fields[right].name)
      return a.utf8.lexicographicallyPrecedes(b.utf8) || (left < right && a == b)
    }
    var first = true
    for (position, index) in order.enumerated() {
      // Of equal names (adjacent once sorted, in declaration order) only the last is kept.
      if position + 1 < order.count, fields[order[position + 1]].name == fields[index].name { continue }
      if !first { output += "," }
      first = false
      JSONValue.writeString(fields[index].name, to: &output)
      output += ":"
      JSONValue(fields[index].value).write(to: &output)
    }
    output += #"},"height":"#
    output += JSONValue.format(row.height)
    output += #","id":"#
    JSONValue.writeString(row.id.rawValue, to: &output)
    output += #","kind":"#
    JSONValue.writeString(row.kind.rawValue, to: &output)
    output += "}"
  }
}
