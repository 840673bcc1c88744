import FixtureKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An object of the tape read by key: a key is found by comparing its UTF-8 with the members'
/// bytes, starting after the member found last (models read keys in the backend's order).
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: TapeDecoder
  /// The object's entry.
  let object: Int
  let path: CodingPathNode

  var codingPath: [any CodingKey] { path.keys }

  var allKeys: [Key] {
    var keys: [Key] = []
    var member = object + 1
    let end = Int(decoder.entries[object].end)
    while member < end {
      if let key = Key(stringValue: decoder.tape.string(decoder.entries[member], in: decoder.base)) {
        keys.append(key)
      }
      member = next(after: member + 1)
    }
    return keys
  }

  @inline(__always)
  private func next(after value: Int) -> Int {
    let entry = decoder.entries[value]
    return entry.isContainer ? Int(entry.end) : value + 1
  }

  /// The entry of `key`'s value, or `nil`. Looks first where the same model's key was found in
  /// an earlier object (``KeyGuesses``), then member by member from the one after the key
  /// found last in this object, round to it.
  func find(_ key: Key) -> Int? {
    let end = Int(decoder.entries[object].end)
    guard end > object + 1 else { return nil }
    let name = key.stringValue
    var utf8Name = name
    return utf8Name.withUTF8 { utf8 -> Int? in
      let continuing = decoder.hintObject == object
      let after = continuing ? decoder.hintMember - object : 0
      let type = KeyGuesses.identity(of: Key.self)
      let guess = object + decoder.guesses.offset(type: type, after: after)
      if guess > object, guess < end {
        // Only a key of this object (not one nested deeper) with the same name will do.
        let entry = decoder.entries[guess]
        if entry.isKey, Int(entry.count) == object, matches(entry, utf8, name) {
          decoder.hintObject = object
          decoder.hintMember = next(after: guess + 1)
          return guess + 1
        }
      }
      var member = continuing && decoder.hintMember < end ? decoder.hintMember : object + 1
      let first = member
      repeat {
        let following = next(after: member + 1)
        if matches(decoder.entries[member], utf8, name) {
          decoder.guesses.record(type: type, after: after, offset: member - object)
          decoder.hintObject = object
          decoder.hintMember = following
          return member + 1
        }
        member = following < end ? following : object + 1
      } while member != first
      return nil
    }
  }

  @inline(__always)
  private func matches(_ entry: JSONTape.Entry, _ utf8: UnsafeBufferPointer<UInt8>, _ name: String) -> Bool {
    if entry.flag { return JSONTape.text(of: entry, in: decoder.base) == name }
    let count = utf8.count
    guard Int(entry.end - entry.start) == count else { return false }
    guard let bytes = utf8.baseAddress else { return true }
    let member = decoder.base + Int(entry.start)
    // Most keys are short: compare them here rather than through a `memcmp` call.
    guard count <= 16 else { return memcmp(member, bytes, count) == 0 }
    for offset in 0..<count where member[offset] != bytes[offset] { return false }
    return true
  }

  /// The entry of `key`'s value.
  /// - Throws: `keyNotFound`.
  func value(for key: Key) throws -> Int {
    guard let value = find(key) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: path.keys,
          debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return value
  }

  func contains(_ key: Key) -> Bool { find(key) != nil }

  func decodeNil(forKey key: Key) throws -> Bool { decoder.isNull(try value(for: key)) }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try decoder.bool(at: try value(for: key), path: path.appending(key))
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try decoder.string(at: try value(for: key), path: path.appending(key))
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try floating(type, key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try floating(type, key) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

  func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
    try decoder.decode(type, at: try value(for: key), path: path.appending(key))
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    guard let value = find(key), !decoder.isNull(value) else { return nil }
    return try decoder.string(at: value, path: path.appending(key))
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    guard let value = find(key), !decoder.isNull(value) else { return nil }
    return try decoder.bool(at: value, path: path.appending(key))
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    guard let value = find(key), !decoder.isNull(value) else { return nil }
    return try decoder.integer(type, at: value, path: path.appending(key))
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    guard let value = find(key), !decoder.isNull(value) else { return nil }
    return try decoder.floating(type, at: value, path: path.appending(key))
  }

  func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
    guard let value = find(key), !decoder.isNull(value) else { return nil }
    return try decoder.decode(type, at: value, path: path.appending(key))
  }

  private func integer<Value: FixedWidthInteger>(_ type: Value.Type, _ key: Key) throws -> Value {
    try decoder.integer(type, at: try value(for: key), path: path.appending(key))
  }

  private func floating<Value: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: Value.Type, _ key: Key
  ) throws -> Value {
    try decoder.floating(type, at: try value(for: key), path: path.appending(key))
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try decoder.subdecoder(at: try value(for: key), path: path.appending(key)).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder.subdecoder(at: try value(for: key), path: path.appending(key)).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    guard let key = Key(stringValue: "super") else {
      throw DecodingError.keyNotFound(
        SuperCodingKey(),
        DecodingError.Context(codingPath: path.keys, debugDescription: "The key type has no key 'super'."))
    }
    return try superDecoder(forKey: key)
  }

  /// A decoder for the value under `key`.
  /// - Throws: `keyNotFound` when the key is missing (Foundation decodes it as `null`).
  func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.subdecoder(at: try value(for: key), path: path.appending(key))
  }
}

/// The key `superDecoder()` reads: `super`.
struct SuperCodingKey: CodingKey {
  var stringValue: String { "super" }
  var intValue: Int? { nil }
  init() {}
  init?(stringValue: String) { nil }
  init?(intValue: Int) { nil }
}
