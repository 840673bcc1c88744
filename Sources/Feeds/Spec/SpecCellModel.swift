import TableCore

/// The model of a row a spec prototype made: its fields in the order the spec lists them and
/// its height; the prototype's index, so that a selected row finds its route.
struct SpecCellModel: CellModel {
  let fields: [Field]
  let height: Double
  let prototype: Int
}
