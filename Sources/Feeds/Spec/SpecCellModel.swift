import TableCore

/// The model of a row a spec prototype made: its fields in the order the spec lists them and
/// its height; the prototype's index, so that a selected row finds its route.
///
/// Two models are equal when their fields and heights are: the prototype is how the row was
/// made, not what it shows, so a record that moves to another section that shows it with a
/// prototype of the same name (the books' `bookInfo` in 想读 and 读过) is a move, not a
/// reconfigured row.
///
/// Text compares and hashes by its UTF-8 bytes, as the logs print it, not by Unicode
/// canonical equivalence: hashing a `String` normalises it first, which costs several times
/// its length for CJK text, and every row's model is hashed once when its row is made. (Two
/// spellings of one text that differ in bytes are then a changed row, which they are in a
/// log.) Field names are compared but not hashed: a prototype's rows all have the same.
struct SpecCellModel: CellModel {
  let fields: [Field]
  let height: Double
  let prototype: Int

  static func == (lhs: SpecCellModel, rhs: SpecCellModel) -> Bool {
    guard lhs.height == rhs.height, lhs.fields.count == rhs.fields.count else { return false }
    for (left, right) in zip(lhs.fields, rhs.fields) {
      guard left.name == right.name else { return false }
      switch (left.value, right.value) {
      case (.text(let a), .text(let b)):
        guard UTF8Bytes.equal(a, b) else { return false }
      default:
        guard left.value == right.value else { return false }
      }
    }
    return true
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(height)
    hasher.combine(fields.count)
    for field in fields {
      switch field.value {
      case .text(let text):
        hasher.combine(0 as UInt8)
        UTF8Bytes.hash(text, into: &hasher)
      case let other:
        hasher.combine(other)
      }
    }
  }
}
