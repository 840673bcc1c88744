import FixtureKit
import Foundation
import TestSupport
import Testing

@testable import TableFlow

/// The package's decoder against Foundation's on seeded random documents and on damaged copies
/// of them: the same value, or both an error (of the same kind, unless the text is not JSON).
@Suite("JSONDecoding against JSONDecoder")
struct JSONDecodingDifferentialTests {
  typealias AnyValue = JSONDifferential.Probe

  enum Outcome: Equatable {
    case value(AnyValue)
    case error(String)
  }

  static func outcome(_ body: () throws -> AnyValue) -> Outcome {
    do {
      return .value(try body())
    } catch let error as DecodingError {
      switch error {
      // Foundation checks a scalar's text only when it is read, so where the package's decoder
      // finds a syntax error up front, Foundation's may end on another kind: both are errors.
      case .dataCorrupted(let context) where context.underlyingError is JSONSyntaxError:
        return .error("syntax")
      case .dataCorrupted: return .error("dataCorrupted")
      case .typeMismatch: return .error("typeMismatch")
      case .valueNotFound: return .error("valueNotFound")
      case .keyNotFound: return .error("keyNotFound")
      @unknown default: return .error("unknown")
      }
    } catch {
      return .error("\(type(of: error))")
    }
  }

  static func hasDuplicateKey(_ bytes: [UInt8]) -> Bool {
    do throws(JSONSyntaxError) {
      _ = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try JSONTape(buffer) }
      return false
    } catch {
      return error.cause.hasPrefix("duplicate key")
    }
  }

  @Test(
    "random documents and damaged copies: the same value or both the same kind of error", arguments: 0..<4)
  func differential(seed: UInt64) {
    var random = SeededGenerator(seed: 0x5EED_0000 + seed)
    var writer = JSONDifferential.DocumentWriter(random: SeededGenerator(seed: 0xD0C_0000 + seed))
    var checked = (values: 0, errors: 0, rounded: 0)
    for _ in 0..<150 {
      let document = Array(writer.value(depth: 0).utf8)
      for bytes in [
        document, JSONDifferential.damaged(document, random: &random),
        JSONDifferential.damaged(document, random: &random),
      ] {
        let ours = Self.outcome { try JSONDecoding.tableFlow.decode(AnyValue.self, from: bytes) }
        let peer = Self.outcome { try JSONDecoder().decode(AnyValue.self, from: Data(bytes)) }
        if case .value = ours { checked.values += 1 } else { checked.errors += 1 }
        // The one documented difference: a damaged key that now repeats another.
        if case .value = peer, Self.hasDuplicateKey(bytes) { continue }
        if ours == .error("syntax"), case .error = peer { continue }
        // The other: Foundation reads integers through a rounded Double (see the test below).
        if JSONDifferential.foundationRoundsAnInteger(in: bytes) || JSONDifferential.hasHugeExponent(bytes) {
          checked.rounded += 1
          continue
        }
        #expect(ours == peer, "seed \(seed): \(String(decoding: bytes, as: UTF8.self))")
      }
    }
    #expect(checked.values > 150)
    #expect(checked.errors > 50)
    #expect(checked.rounded < 150)
  }

  /// A number with a fraction or an exponent, what it reads as in `Int64` and `UInt64`, and
  /// Foundation's answer where it rounds (through a `Double` below 2⁵³, dropping the fraction
  /// above); `nil` where Foundation is exact, and there the two decoders must agree.
  struct WholeCase: Sendable, CustomTestStringConvertible {
    var text: String
    var int64: Int64?
    var uint64: UInt64?
    var foundation: String? = nil
    var testDescription: String { text }
  }

  static let wholeCases: [WholeCase] = [
    // Before: read through a rounded Double, so these decoded as Int64.min, 2^63 and 2^53.
    WholeCase(text: "-9223372036854775808.5", int64: nil, uint64: nil),
    WholeCase(text: "-9223372036854775808.25e0", int64: nil, uint64: nil),
    WholeCase(text: "9223372036854775807.5", int64: nil, uint64: nil),
    WholeCase(text: "9007199254740993.0", int64: 9_007_199_254_740_993, uint64: 9_007_199_254_740_993),
    WholeCase(text: "-9223372036854775807.5", int64: nil, uint64: nil),
    WholeCase(text: "18446744073709551615.5", int64: nil, uint64: nil),
    WholeCase(text: "1.5e1", int64: 15, uint64: 15),
    WholeCase(text: "100e-2", int64: 1, uint64: 1),
    WholeCase(text: "-0.0", int64: 0, uint64: 0),
    WholeCase(text: "0e999999", int64: 0, uint64: 0),
    WholeCase(text: "1e19", int64: nil, uint64: 10_000_000_000_000_000_000),
    WholeCase(text: "-1e18", int64: -1_000_000_000_000_000_000, uint64: nil),
    WholeCase(text: "12e-1", int64: nil, uint64: nil),
    WholeCase(text: "5e-1", int64: nil, uint64: nil),
    WholeCase(text: "-999.00000e3", int64: -999_000, uint64: nil),
    // Foundation rounds: it reads these otherwise (the documented difference).
    WholeCase(text: "1.0000000000000001", int64: nil, uint64: nil, foundation: "1"),
    WholeCase(text: "1e-400", int64: nil, uint64: nil, foundation: "0"),
    WholeCase(text: "120e-670", int64: nil, uint64: nil, foundation: "0"),
    WholeCase(text: "123456789012345678.5", int64: nil, uint64: nil, foundation: "123456789012345678"),
    WholeCase(
      text: "9223372036854775807.0", int64: .max, uint64: 9_223_372_036_854_775_807, foundation: "no Int64"),
  ]

  @Test(
    "a number with a fraction or an exponent is an integer only when its digits are whole",
    arguments: wholeCases)
  func wholeNumbers(_ number: WholeCase) {
    let json = Array("[\(number.text)]".utf8)
    let ours = (
      try? JSONDecoding.tableFlow.decode([Int64].self, from: json).first,
      try? JSONDecoding.tableFlow.decode([UInt64].self, from: json).first
    )
    #expect(ours.0 == number.int64, "as Int64")
    #expect(ours.1 == number.uint64, "as UInt64")
    #expect(ExactNumber.whole(number.text, as: Int64.self) == number.int64)
    #expect(ExactNumber.whole(number.text, as: UInt64.self) == number.uint64)
    let peer = (
      try? JSONDecoder().decode([Int64].self, from: Data(json)).first,
      try? JSONDecoder().decode([UInt64].self, from: Data(json)).first
    )
    if number.foundation == nil {
      #expect(peer.0 == ours.0 && peer.1 == ours.1, "Foundation reads \(peer)")
    } else {
      #expect(peer.0 != ours.0 || peer.1 != ours.1, "Foundation no longer rounds")
    }
    #expect(JSONDifferential.foundationRoundsAnInteger(in: json) == (number.foundation != nil))
  }
}
