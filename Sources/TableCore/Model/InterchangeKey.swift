/// A coding key made at run time: a field's name, or an index in an error's coding path.
struct InterchangeKey: CodingKey, Hashable {
  let stringValue: String
  let intValue: Int?

  init(_ name: String) {
    self.stringValue = name
    self.intValue = nil
  }

  init(index: Int) {
    self.stringValue = "Index \(index)"
    self.intValue = index
  }

  init?(stringValue: String) { self.init(stringValue) }

  init?(intValue: Int) { self.init(index: intValue) }
}
