// libFuzzer target for the package's JSON decoder (JSONDecoding.tableFlow over FixtureKit's
// JSONTape): run.sh builds FixtureKit as a module and compiles the decoder's sources from
// Sources/TableFlow/Decode with this file, so it reaches their internals.
import FixtureKit
import Foundation

/// Any JSON value, decoded through Codable's containers the way models do: nil, then each
/// scalar type in turn (failed attempts exercise the error paths), then arrays and objects.
private indirect enum AnyValue: Decodable, Equatable {
  case null
  case bool(Bool)
  case integer(Int64)
  case unsigned(UInt64)
  case real(Double)
  case text(String)
  case list([AnyValue])
  case object([String: AnyValue])

  init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let flag = try? single.decode(Bool.self) {
      self = .bool(flag)
    } else if let whole = try? single.decode(Int64.self) {
      self = .integer(whole)
    } else if let whole = try? single.decode(UInt64.self) {
      self = .unsigned(whole)
    } else if let real = try? single.decode(Double.self) {
      self = .real(real)
    } else if let text = try? single.decode(String.self) {
      self = .text(text)
    } else if let list = try? single.decode([AnyValue].self) {
      self = .list(list)
    } else {
      self = .object(try single.decode([String: AnyValue].self))
    }
  }
}

/// A typed model, so keyed lookups, optionals, nested containers and `TolerantArray`-style
/// skipping run on fuzzed input too.
private struct Typed: Decodable, Equatable {
  var id: String?
  var total: Int?
  var ratio: Float?
  var tags: [String]?
  var nested: [Typed]?
  var flag: Bool?

  private enum CodingKeys: String, CodingKey { case id, total, ratio, tags, nested, flag }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try? container.decodeIfPresent(String.self, forKey: .id)
    total = try? container.decodeIfPresent(Int.self, forKey: .total)
    ratio = try? container.decodeIfPresent(Float.self, forKey: .ratio)
    tags = try? container.decodeIfPresent([String].self, forKey: .tags)
    flag = try? container.decode(Bool.self, forKey: .flag)
    if var list = try? container.nestedUnkeyedContainer(forKey: .nested) {
      var items: [Typed] = []
      while !list.isAtEnd {
        if let item = try? list.decode(Typed.self) {
          items.append(item)
        } else if (try? list.decode(AnyValue.self)) == nil {
          break
        }
      }
      nested = items
    }
    _ = container.allKeys
  }
}

/// Decodes one input with the package's decoder and with Foundation's: whenever both accept it
/// the values must be equal, and the package's decoder may refuse what Foundation accepts only
/// for a duplicate key, text that is not JSON where Foundation never looks (checked with
/// JSONSerialization), or a NUL byte (Foundation stops reading there).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? JSONDecoding.tableFlow.decode(Typed.self, from: bytes)
  let ours: Result<AnyValue, any Error> = Result {
    try JSONDecoding.tableFlow.decode(AnyValue.self, from: bytes)
  }
  let peer: Result<AnyValue, any Error> = Result {
    try JSONDecoder().decode(AnyValue.self, from: Data(bytes))
  }
  switch (ours, peer) {
  case (.success(let mine), .success(let theirs)):
    precondition(mine == theirs || "\(mine)" == "\(theirs)", "different values: \(mine) vs \(theirs)")
  case (.success(let mine), .failure(let error)):
    preconditionFailure("accepted what Foundation refuses (\(error)): \(mine)")
  case (.failure(let error), .success):
    // Foundation reads a string's escapes only when the value is decoded, so it accepts bad
    // text in a value nothing reads (a duplicate key's); JSONSerialization reads it all.
    let cause = ((error as? DecodingError).flatMap(syntaxCause)) ?? ""
    let isJSON = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
    precondition(
      cause.hasPrefix("duplicate key") || (!cause.isEmpty && !isJSON) || bytes.contains(0)
        || isFoundationLeniency(bytes) || hasHugeExponent(bytes),
      "refused what Foundation accepts: \(error)")
  case (.failure, .failure):
    break
  }
  return 0
}

private func syntaxCause(_ error: DecodingError) -> String? {
  guard case .dataCorrupted(let context) = error else { return nil }
  return (context.underlyingError as? JSONSyntaxError)?.cause
}

/// An exponent of five digits or more: Foundation's parser wraps such exponents around and
/// may accept `2.5e-18446744073709551615` while it refuses `1e-400`; the package refuses both.
private func hasHugeExponent(_ bytes: [UInt8]) -> Bool {
  var run = 0
  var afterExponent = false
  for byte in bytes {
    if byte | 0x20 == UInt8(ascii: "e") {
      afterExponent = true
      run = 0
    } else if afterExponent, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+"), run == 0 {
      continue
    } else if afterExponent, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
      run += 1
      if run >= 5 { return true }
    } else {
      afterExponent = false
    }
  }
  return false
}

/// Inputs Foundation reads in another encoding (a UTF-16 or UTF-32 byte order mark, or NULs
/// that make it guess one).
private func isFoundationLeniency(_ bytes: [UInt8]) -> Bool {
  guard bytes.count >= 2 else { return false }
  return bytes[0] == 0xFE || bytes[0] == 0xFF || bytes[0] == 0 || bytes[1] == 0
}
