import FixtureKit
import Foundation

/// The package's Codable decoding over a ``JSONTape``: a model's `init(from:)` reads values
/// straight from the indexed bytes. Keys are matched as bytes (no dictionary of `String`s per
/// object), coding paths are built only when asked for, and each value is read once.
///
/// One instance serves a whole document: decoding a nested value moves its cursor there and
/// back. Not thread-safe; lives inside one ``JSONDecoding/decode(_:from:)`` call, which keeps
/// the bytes it points at alive.
final class TapeDecoder: Decoder {
  let tape: JSONTape
  let entries: [JSONTape.Entry]
  let base: UnsafePointer<UInt8>
  let userInfo: [CodingUserInfoKey: Any]
  /// The value being decoded and its path.
  var entry = 0
  var path = CodingPathNode.root
  /// Where the last key was found: the object's entry and the member after it, since models
  /// usually read keys in the order the backend writes them.
  var hintObject = -1
  var hintMember = 0
  /// Where keys were found in earlier objects of the same model.
  let guesses: KeyGuesses
  /// The long ASCII strings read, reused from an earlier version of the document when it had
  /// the same bytes (see ``StringReuse``); `nil` when nothing is reused.
  let asciiStrings: ASCIIStrings?

  init(
    tape: JSONTape, base: UnsafePointer<UInt8>, userInfo: [CodingUserInfoKey: Any],
    asciiStrings: ASCIIStrings? = nil
  ) {
    self.tape = tape
    entries = tape.entries
    self.base = base
    self.userInfo = userInfo
    guesses = KeyGuesses()
    self.asciiStrings = asciiStrings
  }

  private init(sharing other: TapeDecoder, entry: Int, path: CodingPathNode) {
    tape = other.tape
    entries = other.entries
    base = other.base
    userInfo = other.userInfo
    guesses = other.guesses
    asciiStrings = other.asciiStrings
    self.entry = entry
    self.path = path
  }

  var codingPath: [any CodingKey] { path.keys }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    switch entries[entry].kind {
    case .object:
      return KeyedDecodingContainer(TapeKeyedContainer<Key>(decoder: self, object: entry, path: path))
    case .null:
      throw DecodingError.valueNotFound(
        [String: Any].self,
        DecodingError.Context(
          codingPath: path.keys,
          debugDescription: "Cannot get keyed decoding container -- found null value instead"))
    default:
      throw mismatch([String: Any].self, at: entry, path: path)
    }
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    switch entries[entry].kind {
    case .array:
      return TapeUnkeyedContainer(decoder: self, array: entry, path: path)
    case .null:
      throw DecodingError.valueNotFound(
        [Any].self,
        DecodingError.Context(
          codingPath: path.keys,
          debugDescription: "Cannot get unkeyed decoding container -- found null value instead"
        ))
    default:
      throw mismatch([Any].self, at: entry, path: path)
    }
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    TapeSingleValueContainer(decoder: self, entry: entry, path: path)
  }

  /// A decoder of its own for the value at `entry` (`superDecoder`).
  func subdecoder(at entry: Int, path: CodingPathNode) -> TapeDecoder {
    TapeDecoder(sharing: self, entry: entry, path: path)
  }

  /// `[String]`, for a metatype comparison without a metadata lookup.
  private static let stringArrayType: Any.Type = [String].self

  /// Decodes the value at `entry` as `type`: Foundation's special cases first (`Data` as
  /// base64, `URL` and `Decimal`), then the type's own `init(from:)`.
  func decode<Value: Decodable>(_ type: Value.Type, at entry: Int, path: CodingPathNode) throws -> Value {
    // Metatype comparisons, and values handed over by `unsafeBitCast` once the metatype says
    // they are of the same type: `as? Value` would look up the metadata of the type cast
    // from, and a `Value?` (even in a branch not taken) `Optional<Value>`'s, at each call.
    if Value.self == String.self { return unsafeBitCast(try string(at: entry, path: path), to: Value.self) }
    // An array of strings (a book's authors, tags) without an unkeyed container per array;
    // anything else in it takes the general path, which throws what Foundation would.
    // `[String].self` is kept once: spelled here, its metadata would be looked up per call.
    if Value.self == Self.stringArrayType, let strings = stringArray(at: entry) {
      return unsafeBitCast(strings, to: Value.self)
    }
    if Value.self == Data.self { return unsafeBitCast(try data(at: entry, path: path), to: Value.self) }
    if Value.self == URL.self { return unsafeBitCast(try url(at: entry, path: path), to: Value.self) }
    if Value.self == Decimal.self { return unsafeBitCast(try decimal(at: entry, path: path), to: Value.self) }
    let saved = (self.entry, self.path)
    self.entry = entry
    self.path = path
    defer { (self.entry, self.path) = saved }
    return try Value(from: self)
  }

  /// `Data` as Foundation decodes it by default: base64 text.
  private func data(at entry: Int, path: CodingPathNode) throws -> Data {
    let text = try string(at: entry, path: path)
    guard let data = Data(base64Encoded: text) else {
      throw corrupted("Encountered Data is not valid Base64.", path: path)
    }
    return data
  }

  private func url(at entry: Int, path: CodingPathNode) throws -> URL {
    let text = try string(at: entry, path: path)
    guard let url = URL(string: text) else { throw corrupted("Invalid URL string.", path: path) }
    return url
  }

  private func decimal(at entry: Int, path: CodingPathNode) throws -> Decimal {
    guard entries[entry].kind.rawValue == JSONTape.Kind.number.rawValue else {
      throw mismatch(Decimal.self, at: entry, path: path)
    }
    guard let decimal = Decimal(string: tokenText(entry), locale: nil) else {
      throw corrupted("Parsed JSON number <\(tokenText(entry))> does not fit in Decimal.", path: path)
    }
    return decimal
  }

  /// A `typeMismatch` naming what was found, worded as Foundation's.
  func mismatch(_ type: Any.Type, at entry: Int, path: CodingPathNode) -> DecodingError {
    let found: String
    switch entries[entry].kind {
    case .object: found = "a dictionary"
    case .array: found = "an array"
    case .string: found = "a string"
    case .number: found = "number"
    case .true, .false: found = "bool"
    case .null: found = "null"
    }
    return DecodingError.typeMismatch(
      type,
      DecodingError.Context(
        codingPath: path.keys, debugDescription: "Expected to decode \(type) but found \(found) instead."))
  }

  func corrupted(_ description: String, path: CodingPathNode) -> DecodingError {
    DecodingError.dataCorrupted(DecodingError.Context(codingPath: path.keys, debugDescription: description))
  }

  /// The raw text of a number token.
  func tokenText(_ entry: Int) -> String {
    let token = entries[entry]
    return String(
      decoding: UnsafeBufferPointer(start: base + Int(token.start), count: Int(token.end - token.start)),
      as: UTF8.self)
  }
}
