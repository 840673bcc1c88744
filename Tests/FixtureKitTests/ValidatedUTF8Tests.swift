import TestSupport
import Testing

@testable import FixtureKit

@Suite("ValidatedUTF8")
struct ValidatedUTF8Tests {
  @Test(
    "well-formed UTF-8 decodes, ill-formed is refused",
    arguments: [
      ([0x61, 0x3A, 0x62], "a:b"),
      ([0xE4, 0xB8, 0x89, 0xE4, 0xBD, 0x93], "三体"),
      ([0xEF, 0xBF, 0xBD], "\u{FFFD}"),  // a replacement character that was really sent
      ([0xFF], nil),
      ([0xC3], nil),  // truncated two-byte sequence
      // A truncated four-byte sequence: repaired, it is U+FFFD (3 bytes) + "a", the same length.
      ([0xF0, 0x9F, 0x98, 0x61], nil),
      ([0xC0, 0xAF], nil),  // overlong "/"
      ([0xED, 0xA0, 0x80], nil),  // a UTF-16 surrogate
    ] as [([UInt8], String?)])
  func decodes(bytes: [UInt8], expected: String?) {
    #expect(ValidatedUTF8.string(bytes) == expected)
  }

  @Test("agrees with the standard library's String(validating:as:) on random bytes")
  func agreesWithStandardLibrary() {
    // String(validating:as:) needs iOS 18 / macOS 15; on Linux it is always there.
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    var random = SeededGenerator(seed: 16)
    // Bytes biased towards UTF-8's lead and continuation bytes, so most inputs are near misses.
    let alphabet: [UInt8] = [
      0x41, 0x7F, 0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xE4, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
    ]
    var valid = 0
    for _ in 0..<20_000 {
      let count = Int.random(in: 0...6, using: &random)
      let bytes = (0..<count).map { _ in
        Bool.random(using: &random)
          ? alphabet.randomElement(using: &random) ?? 0 : UInt8.random(in: 0...255, using: &random)
      }
      let expected = String(validating: bytes, as: UTF8.self)
      #expect(ValidatedUTF8.string(bytes) == expected, "bytes \(bytes)")
      if expected != nil { valid += 1 }
    }
    #expect(valid > 1_000)  // the comparison covered well-formed input too
  }
}
