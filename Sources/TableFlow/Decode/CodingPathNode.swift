/// A coding path kept as a chain from the value to the root, so decoding a nested value costs
/// one small node and the `[any CodingKey]` array is built only when someone asks for it (an
/// error, or a model reading `codingPath`).
indirect enum CodingPathNode {
  case root
  case key(any CodingKey, CodingPathNode)
  case index(Int, CodingPathNode)

  /// The path from the root, as `Decoder.codingPath` gives it.
  var keys: [any CodingKey] {
    var reversed: [any CodingKey] = []
    var node = self
    while true {
      switch node {
      case .root: return reversed.reversed()
      case .key(let key, let parent):
        reversed.append(key)
        node = parent
      case .index(let index, let parent):
        reversed.append(IndexCodingKey(index))
        node = parent
      }
    }
  }

  /// This path followed by `key`.
  func appending(_ key: some CodingKey) -> CodingPathNode { .key(key, self) }

  /// This path followed by array index `index`.
  func appending(index: Int) -> CodingPathNode { .index(index, self) }
}

/// An array index in a coding path: `Index 3`, as Foundation names it.
struct IndexCodingKey: CodingKey, Sendable {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }

  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}
