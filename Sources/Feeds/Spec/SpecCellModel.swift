import TableCore

/// The model of a row a spec prototype made: its fields in the order the spec lists them and
/// its height; the prototype's index, so that a selected row finds its route.
///
/// Two models are equal when their fields and heights are: the prototype is how the row was
/// made, not what it shows, so a record that moves to another section that shows it with a
/// prototype of the same name (the books' `bookInfo` in 想读 and 读过) is a move, not a
/// reconfigured row.
struct SpecCellModel: CellModel {
  let fields: [Field]
  let height: Double
  let prototype: Int

  static func == (lhs: SpecCellModel, rhs: SpecCellModel) -> Bool {
    lhs.height == rhs.height && lhs.fields == rhs.fields
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(fields)
    hasher.combine(height)
  }
}
