#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds values in a fixture that look like secrets, for `tableflow inspect`'s warnings.
///
/// Two kinds of evidence: what the current redaction rules would still change (a value under
/// a secret name, a credential echoed after it was learned), and text that looks like a
/// credential whatever its name: a `Bearer` token, a JSON Web Token, or a long high-entropy
/// word. The last is deliberately strict, to keep false positives low: 32 to 256 characters of
/// `[A-Za-z0-9+/_=-]` with lower case, upper case and at least two digits, at least 4 bits of
/// entropy per character, and a character class that changes at least every other character
/// (so identifiers, hex digests, UUIDs, dates, URLs and base64 images pass). Scan a fixture's
/// header, then its records in order, with one scanner. Findings never quote the value.
public struct SecretScanner: Sendable {
  /// One suspicious value: where it is and why it looks secret.
  public struct Finding: Hashable, Sendable, CustomStringConvertible {
    /// The record (0 for the header line).
    public var record: Int
    /// What looks secret, without the value.
    public var reason: String

    /// `record N: reason` (or `header: reason`).
    public var description: String { (record == 0 ? "header" : "record \(record)") + ": " + reason }
  }

  private var redactor: Redactor

  /// Creates a scanner applying `redaction`'s names.
  public init(_ redaction: Redaction = .standard) {
    redactor = Redactor(redaction)
  }

  /// The findings in a fixture's header.
  public mutating func scan(_ header: FixtureHeader) -> [Finding] {
    let redacted = redactor.redact(header)
    var reasons: [String] = []
    if redacted.base != header.base { reasons.append("credentials in the base URL") }
    for name in header.params.keys.sorted() where redacted.params[name] != header.params[name] {
      reasons.append("parameter \(Self.quoted(name)) is not redacted")
    }
    for (name, value) in header.params.sorted(by: { $0.key < $1.key }) {
      if let kind = Self.credentialKind(in: value) {
        reasons.append("parameter \(Self.quoted(name)) holds \(kind)")
      }
    }
    return reasons.map { Finding(record: 0, reason: $0) }
  }

  /// The findings in one record.
  public mutating func scan(_ record: FixtureRecord) -> [Finding] {
    var reasons: [String] = []
    switch record.entry {
    case .request(let request):
      let redacted = redactor.redact(request)
      reasons += Self.headerReasons(request.headers, redacted.headers)
      if redacted.url != request.url { reasons.append("a secret query value in the URL") }
      if redacted.body != request.body { reasons.append("a secret value in the request body") }
      reasons += Self.heuristicReasons(request.url, "the URL")
      reasons += request.headers.flatMap { Self.heuristicReasons($0.value, "header \(Self.quoted($0.name))") }
      if let body = request.body { reasons += Self.heuristicReasons(body, "the request body") }
    case .response(let response):
      let redacted = redactor.redact(response)
      reasons += Self.headerReasons(response.headers, redacted.headers)
      if redacted.body != response.body { reasons.append("a secret value in the response body") }
      reasons += response.headers.flatMap {
        Self.heuristicReasons($0.value, "header \(Self.quoted($0.name))")
      }
      reasons += Self.heuristicReasons(response.body, "the response body")
    case .intent(let intent):
      if redactor.redact(intent: intent) != intent { reasons.append("a secret in the intent") }
      reasons += Self.heuristicReasons(intent, "the intent")
    case .error(let failure):
      if redactor.redact(failure) != failure { reasons.append("a learned secret in the message") }
      reasons += Self.heuristicReasons(failure.message, "the message")
    }
    return reasons.map { Finding(record: record.seq, reason: $0) }
  }

  private static func headerReasons(_ original: [FixtureField], _ redacted: [FixtureField]) -> [String] {
    zip(original, redacted).compactMap { before, after in
      before.value == after.value ? nil : "header \(quoted(before.name)) is not redacted"
    }
  }

  private static func heuristicReasons(_ text: String, _ place: String) -> [String] {
    heuristicReasons(Array(text.utf8), place)
  }

  private static func heuristicReasons(_ bytes: [UInt8], _ place: String) -> [String] {
    credentialKind(in: bytes).map { ["\($0) in \(place)"] } ?? []
  }

  /// What kind of credential `text` seems to hold, or `nil`.
  public static func credentialKind(in text: String) -> String? { credentialKind(in: Array(text.utf8)) }

  /// What kind of credential `bytes` seem to hold (`a bearer token`, `a JSON Web Token`, `a
  /// high-entropy string`), or `nil`.
  ///
  /// - Complexity: O(n).
  static func credentialKind(in bytes: [UInt8]) -> String? {
    var index = 0
    var previousWord: ArraySlice<UInt8> = []
    while index < bytes.count {
      guard isWordByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") else {
        index += 1
        continue
      }
      let start = index
      while index < bytes.count, isWordByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
      let word = bytes[start..<index]
      if word.elementsEqual(Array(Redaction.replacement.utf8)) {
        previousWord = word
        continue
      }
      if previousWord.count == 6, String(decoding: previousWord, as: UTF8.self).lowercased() == "bearer",
        start > 0, bytes[start - 1] == 0x20, word.count >= 16
      {
        return "a bearer token"
      }
      if isJSONWebToken(word) { return "a JSON Web Token" }
      for piece in word.split(separator: UInt8(ascii: ".")) where isHighEntropy(piece) {
        return "a high-entropy string"
      }
      previousWord = word
    }
    return nil
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "_"),
      UInt8(ascii: "="), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }

  /// `eyJ…` header, payload and signature: three base64url parts of at least 8 characters.
  static func isJSONWebToken(_ word: ArraySlice<UInt8>) -> Bool {
    let parts = word.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 3, parts.allSatisfy({ $0.count >= 8 }) else { return false }
    return parts[0].starts(with: Array("eyJ".utf8)) && parts[1].starts(with: Array("eyJ".utf8))
  }

  /// A random-looking word: see the type's discussion for the thresholds.
  static func isHighEntropy(_ word: ArraySlice<UInt8>) -> Bool {
    guard (32...256).contains(word.count) else { return false }
    var lower = 0
    var upper = 0
    var digits = 0
    var changes = 0
    var previousClass = -1
    var counts = [Int](repeating: 0, count: 256)
    for byte in word {
      let byteClass: Int
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"):
        lower += 1
        byteClass = 0
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        upper += 1
        byteClass = 1
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        digits += 1
        byteClass = 2
      default:
        byteClass = 3
      }
      if previousClass >= 0, byteClass != previousClass { changes += 1 }
      previousClass = byteClass
      counts[Int(byte)] += 1
    }
    guard lower > 0, upper > 0, digits >= 2, Double(changes) >= 0.45 * Double(word.count - 1) else {
      return false
    }
    let total = Double(word.count)
    var entropy = 0.0
    for count in counts where count > 0 {
      let share = Double(count) / total
      entropy -= share * log2(share)
    }
    return entropy >= 4.0
  }

  private static func quoted(_ name: String) -> String {
    "\"" + String(name.prefix(60)).replacingControlCharacters + "\""
  }
}

extension String {
  fileprivate var replacingControlCharacters: String {
    String(unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
  }
}
