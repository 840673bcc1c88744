// libFuzzer target for the package's JSON decoder (JSONDecoding.tableFlow over FixtureKit's
// JSONTape): run.sh builds FixtureKit as a module and compiles the decoder's sources from
// Sources/TableFlow/Decode with this file, so it reaches their internals.
import FixtureKit
import Foundation

private typealias AnyValue = JSONDifferential.Probe

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

/// The strings of the inputs decoded before (each decoding shares the last one's).
let sharedStrings = JSONDecoding.SharedStrings()

/// Decodes one input with the package's decoder and with Foundation's: whenever both accept it
/// the values must be equal, and the package's decoder may refuse what Foundation accepts only
/// for a duplicate key, text that is not JSON where Foundation never looks (checked with
/// JSONSerialization), a NUL byte (Foundation stops reading there), or the documented number
/// difference (JSONDifferential: Foundation rounds integers through a Double, wraps huge
/// exponents). An input that starts with byte 0x01 instead seeds the differential test's
/// document writer (and its damage), so the fuzzer also explores well-formed documents.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if bytes.first == 0x01 { bytes = generated(from: bytes.dropFirst()) }
  _ = try? JSONDecoding.tableFlow.decode(Typed.self, from: bytes)
  let ours: Result<AnyValue, any Error> = Result {
    try JSONDecoding.tableFlow.decode(AnyValue.self, from: bytes)
  }
  let peer: Result<AnyValue, any Error> = Result {
    try JSONDecoder().decode(AnyValue.self, from: Data(bytes))
  }
  if case .failure(let error) = ours {
    precondition(error is DecodingError, "not a DecodingError: \(error)")
  }
  // Reusing the strings of the inputs decoded before changes no value and no outcome.
  let shared: Result<AnyValue, any Error> = Result {
    try JSONDecoding.tableFlow.decode(AnyValue.self, from: bytes, sharingStringsWith: sharedStrings)
  }
  switch (ours, shared) {
  case (.success(let plain), .success(let reused)):
    precondition(
      plain == reused || "\(plain)" == "\(reused)", "sharing strings changed \(plain) to \(reused)")
  case (.failure, .failure): break
  default: preconditionFailure("sharing strings changed the outcome: \(ours) vs \(shared)")
  }
  let documented = {
    JSONDifferential.foundationRoundsAnInteger(in: bytes) || JSONDifferential.hasHugeExponent(bytes)
  }
  switch (ours, peer) {
  case (.success(let mine), .success(let theirs)):
    precondition(
      mine == theirs || "\(mine)" == "\(theirs)" || documented(), "different values: \(mine) vs \(theirs)")
  case (.success(let mine), .failure(let error)):
    precondition(documented(), "accepted what Foundation refuses (\(error)): \(mine)")
  case (.failure(let error), .success):
    // Foundation reads a string's escapes only when the value is decoded, so it accepts bad
    // text in a value nothing reads (a duplicate key's); JSONSerialization reads it all.
    let cause = ((error as? DecodingError).flatMap(syntaxCause)) ?? ""
    let isJSON = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
    precondition(
      cause.hasPrefix("duplicate key") || (!cause.isEmpty && !isJSON) || bytes.contains(0)
        || isFoundationLeniency(bytes) || documented(),
      "refused what Foundation accepts: \(error)")
  case (.failure, .failure):
    break
  }
  return 0
}

/// A document from the differential test's writer, seeded by the fuzzer's bytes; the first of
/// them picks whether and how often it is damaged.
private func generated(from seed: ArraySlice<UInt8>) -> [UInt8] {
  var state: UInt64 = 0xCBF2_9CE4_8422_2325
  for byte in seed { state = (state ^ UInt64(byte)) &* 0x100_0000_01B3 }
  var writer = JSONDifferential.DocumentWriter(random: SeededGenerator(seed: state))
  var document = Array(writer.value(depth: 0).utf8)
  var random = SeededGenerator(seed: state ^ 0xDA3A_6E00)
  for _ in 0..<Int((seed.first ?? 0) % 3) { document = JSONDifferential.damaged(document, random: &random) }
  return document
}

private func syntaxCause(_ error: DecodingError) -> String? {
  guard case .dataCorrupted(let context) = error else { return nil }
  return (context.underlyingError as? JSONSyntaxError)?.cause
}

/// Inputs Foundation reads in another encoding (a UTF-16 or UTF-32 byte order mark, or NULs
/// that make it guess one).
private func isFoundationLeniency(_ bytes: [UInt8]) -> Bool {
  guard bytes.count >= 2 else { return false }
  return bytes[0] == 0xFE || bytes[0] == 0xFF || bytes[0] == 0 || bytes[1] == 0
}
