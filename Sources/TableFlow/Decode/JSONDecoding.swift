import FixtureKit
import Foundation

/// Which JSON decoder turns response bodies into models: the package's own (the default) or
/// Foundation's `JSONDecoder`.
///
/// Both give the same values and the same `DecodingError`s (with their coding paths) for the
/// JSON that Foundation accepts, with `JSONDecoder`'s default strategies: keys as written,
/// `Date` as seconds since 2001 (`deferredToDate`), `Data` as base64, `URL` and `Decimal`
/// as Foundation reads them, no JSON5. The package's decoder is about twice as fast on book
/// pages (`tableflow-bench decode`): it checks and indexes the bytes in one pass, checks UTF-8
/// only in strings that are not ASCII, and matches keys as bytes, looking first where the same
/// model's key was in the previous object. It differs where the
/// input is bad: an object with the same key twice is an error (Foundation keeps the first
/// value), and a syntax error's `underlyingError` names the byte offset and the path. It also
/// reads numbers exactly: a number with a fraction or an exponent decodes as an integer type
/// only when its decimal digits are a whole number that fits (`1.0`, `15e-1` is not one),
/// where Foundation goes through a rounded `Double` (it reads `1.0000000000000001` as 1,
/// `1e-400` as 0 and `123456789012345678.5` as 123456789012345678, and refuses
/// `9223372036854775807.0` as an `Int64`).
///
/// ```swift
/// struct LegacyScreen: Screen {
///   var name: String { "legacy" }
///   var jsonDecoding: JSONDecoding { .foundation }
///   func sections(for state: ScreenState<Page>) throws -> [Section] { [] }
/// }
/// ```
public struct JSONDecoding: Hashable, Sendable, CustomStringConvertible {
  private enum Engine: Hashable, Sendable {
    case tableFlow
    case foundation
  }

  private let engine: Engine

  /// The package's decoder over its own byte scanner: the default.
  public static let tableFlow = JSONDecoding(engine: .tableFlow)

  /// Foundation's `JSONDecoder` with its default strategies.
  public static let foundation = JSONDecoding(engine: .foundation)

  /// `tableFlow` or `foundation`.
  public var description: String {
    switch engine {
    case .tableFlow: "tableFlow"
    case .foundation: "foundation"
    }
  }

  /// Decodes `bytes` (one JSON document, UTF-8) as `type`.
  ///
  /// - Throws: `DecodingError`; for text that is not JSON, `dataCorrupted` whose
  ///   `underlyingError` names the byte offset (the package's decoder).
  /// - Complexity: O(n) for n bytes, plus what the model's `init(from:)` does.
  public func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) throws -> Value {
    switch engine {
    case .foundation:
      return try JSONDecoder().decode(type, from: Data(bytes))
    case .tableFlow:
      return try bytes.withUnsafeBufferPointer { buffer in try Self.decodeTape(type, from: buffer) }
    }
  }

  /// The strings of the last document decoded with them, for ``decode(_:from:sharingStringsWith:)``.
  /// Safe to share between tasks; decodings that use one at the same time each see one of
  /// the others' documents or the one before.
  public final class SharedStrings: Sendable {
    let table = Locked<JSONStringTable.Contents?>(nil)

    /// No strings yet.
    public init() {}
  }

  /// Decodes `bytes` as `type`, as ``decode(_:from:)`` does, with every string value whose
  /// bytes a string of the last document decoded with `shared` had (and that is too long to
  /// live inside a `String` itself) being that very string: the next version of a document
  /// (a refreshed page) shares the storage of what did not change, so it costs no new memory
  /// and compares equal to the last version's values without reading their bytes. The values
  /// are the same as without `shared`. What the decode stage does with each answer to a
  /// request it answered before. Foundation's decoder shares nothing.
  public func decode<Value: Decodable>(
    _ type: Value.Type, from bytes: [UInt8], sharingStringsWith shared: SharedStrings
  ) throws -> Value {
    guard engine == .tableFlow else { return try decode(type, from: bytes) }
    let scope = StringReuseScope(previous: shared.table.withLock { $0 }.map(JSONStringTable.init))
    let value = try StringReuse.$scope.withValue(scope) { try decode(type, from: bytes) }
    if let made = scope.made.withLock({ $0 }) { shared.table.withLock { $0 = made } }
    return value
  }

  private static func decodeTape<Value: Decodable>(
    _ type: Value.Type, from buffer: UnsafeBufferPointer<UInt8>
  ) throws -> Value {
    let tape: JSONTape
    // In the decode stage: strings of the last answer to the same request are reused.
    let scope = StringReuse.scope
    do throws(JSONSyntaxError) {
      if let scope {
        tape = try JSONTape(buffer, reusing: scope.previous)
      } else {
        tape = try JSONTape(buffer)
      }
    } catch {
      throw syntaxError(error)
    }
    guard let base = buffer.baseAddress else {
      throw syntaxError(JSONSyntaxError(cause: "unexpected end of input", offset: 0))
    }
    let ascii = scope.map { ASCIIStrings(previous: $0.previous) }
    let value = try TapeDecoder(tape: tape, base: base, userInfo: [:], asciiStrings: ascii)
      .decode(type, at: 0, path: .root)
    if let scope, let ascii {
      // Without long ASCII strings read, the tape's own arrays (no copy).
      let made =
        ascii.strings.isEmpty
        ? JSONStringTable.Contents(strings: tape.strings, hashes: tape.stringHashes)
        : JSONStringTable.Contents(
          strings: tape.strings + ascii.strings, hashes: tape.stringHashes + ascii.hashes)
      scope.made.withLock { $0 = made }
    }
    return value
  }

  /// The `DecodingError` for text that is not JSON, worded as Foundation's.
  static func syntaxError(_ error: JSONSyntaxError) -> DecodingError {
    let path: [any CodingKey] = error.path.map { component in
      switch component {
      case .key(let name): NamedCodingKey(name)
      case .index(let index): IndexCodingKey(index)
      }
    }
    return DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: path, debugDescription: "The given data was not valid JSON.", underlyingError: error))
  }
}

/// A key of a coding path known only by its name.
struct NamedCodingKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
