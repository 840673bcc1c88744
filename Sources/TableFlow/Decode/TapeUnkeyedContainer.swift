import FixtureKit

/// An array of the tape read in order. A value that fails to decode leaves the container on
/// it (as Foundation's does), so ``TolerantArray`` can step over it.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: TapeDecoder
  let path: CodingPathNode
  let count: Int?
  private(set) var currentIndex = 0
  /// The current element's entry.
  private var position: Int

  init(decoder: TapeDecoder, array: Int, path: CodingPathNode) {
    self.decoder = decoder
    self.path = path
    count = Int(decoder.entries[array].count)
    position = array + 1
  }

  var codingPath: [any CodingKey] { path.keys }
  var isAtEnd: Bool { currentIndex >= count ?? 0 }

  /// The current element's entry.
  /// - Throws: `valueNotFound` at the end.
  private func current(_ type: Any.Type) throws -> Int {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        DecodingError.Context(
          codingPath: path.appending(index: currentIndex).keys,
          debugDescription: "Unkeyed container is at end."))
    }
    return position
  }

  private mutating func advance() {
    let entry = decoder.entries[position]
    position = entry.isContainer ? Int(entry.end) : position + 1
    currentIndex += 1
  }

  mutating func decodeNil() throws -> Bool {
    guard decoder.isNull(try current(Never?.self)) else { return false }
    advance()
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    let value = try decoder.bool(at: try current(type), path: path.appending(index: currentIndex))
    advance()
    return value
  }

  mutating func decode(_ type: String.Type) throws -> String {
    let value = try decoder.string(at: try current(type), path: path.appending(index: currentIndex))
    advance()
    return value
  }

  mutating func decode(_ type: Double.Type) throws -> Double { try floating(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try floating(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    let value = try decoder.decode(type, at: try current(type), path: path.appending(index: currentIndex))
    advance()
    return value
  }

  private mutating func integer<Value: FixedWidthInteger>(_ type: Value.Type) throws -> Value {
    let value = try decoder.integer(type, at: try current(type), path: path.appending(index: currentIndex))
    advance()
    return value
  }

  private mutating func floating<Value: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: Value.Type
  ) throws -> Value {
    let value = try decoder.floating(type, at: try current(type), path: path.appending(index: currentIndex))
    advance()
    return value
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let container = try decoder.subdecoder(at: try current(type), path: path.appending(index: currentIndex))
      .container(keyedBy: type)
    advance()
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let container = try decoder.subdecoder(
      at: try current((any UnkeyedDecodingContainer).self), path: path.appending(index: currentIndex)
    ).unkeyedContainer()
    advance()
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    let subdecoder = decoder.subdecoder(
      at: try current((any Decoder).self), path: path.appending(index: currentIndex))
    advance()
    return subdecoder
  }
}
