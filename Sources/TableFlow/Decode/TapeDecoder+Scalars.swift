import FixtureKit

/// Reading scalars from the tape, with Foundation's rules: a number decodes as an integer type
/// when its value is a whole number that fits (`1.0`, `1e2`), as a floating-point type when
/// it is finite and does not vanish to zero; `null` is `valueNotFound`.
extension TapeDecoder {
  /// The string at `entry`.
  func string(at entry: Int, path: @autoclosure () -> CodingPathNode) throws -> String {
    let token = entries[entry]
    guard token.kind == .string else { throw unexpected(String.self, at: entry, path: path()) }
    return JSONTape.text(of: token, in: base)
  }

  /// The boolean at `entry`.
  func bool(at entry: Int, path: @autoclosure () -> CodingPathNode) throws -> Bool {
    switch entries[entry].kind {
    case .true: return true
    case .false: return false
    default: throw unexpected(Bool.self, at: entry, path: path())
    }
  }

  /// The integer at `entry`, as `Value`.
  func integer<Value: FixedWidthInteger>(
    _ type: Value.Type, at entry: Int, path: @autoclosure () -> CodingPathNode
  ) throws -> Value {
    let token = entries[entry]
    guard token.kind == .number else { throw unexpected(Value.self, at: entry, path: path()) }
    if token.flag, let value = parseInteger(Value.self, token) { return value }
    // A fraction or an exponent, or out of range: exact through `Double`, as Foundation does.
    if !token.flag, let double = Double(tokenText(entry)), let value = Value(exactly: double) {
      return value
    }
    throw corrupted("Parsed JSON number <\(tokenText(entry))> does not fit in \(Value.self).", path: path())
  }

  /// The floating-point number at `entry`, as `Value`.
  func floating<Value: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: Value.Type, at entry: Int, path: @autoclosure () -> CodingPathNode
  ) throws -> Value {
    let token = entries[entry]
    guard token.kind == .number else { throw unexpected(Value.self, at: entry, path: path()) }
    if token.flag, token.end - token.start <= 15, let whole = parseInteger(Int64.self, token) {
      // Up to 15 digits: exact in a Double. `-0` keeps its sign.
      return whole == 0 && base[Int(token.start)] == UInt8(ascii: "-") ? -Value.zero : Value(whole)
    }
    let text = tokenText(entry)
    guard let double = Double(text) else {
      throw corrupted("Parsed JSON number <\(text)> does not fit in \(Value.self).", path: path())
    }
    let value = Value(double)
    guard value.isFinite, value != 0 || !hasNonZeroDigit(token) else {
      throw corrupted("Parsed JSON number <\(text)> does not fit in \(Value.self).", path: path())
    }
    return value
  }

  /// Whether `entry` is `null`.
  @inline(__always)
  func isNull(_ entry: Int) -> Bool { entries[entry].kind == .null }

  /// `valueNotFound` for `null`, `typeMismatch` for anything else.
  func unexpected(_ type: Any.Type, at entry: Int, path: CodingPathNode) -> DecodingError {
    guard isNull(entry) else { return mismatch(type, at: entry, path: path) }
    return DecodingError.valueNotFound(
      type,
      DecodingError.Context(
        codingPath: path.keys,
        debugDescription: "Cannot get value of type \(type) -- found null value instead"))
  }

  /// An integer token's value when it fits in `Value`.
  private func parseInteger<Value: FixedWidthInteger>(_ type: Value.Type, _ token: JSONTape.Entry) -> Value? {
    var index = Int(token.start)
    let end = Int(token.end)
    let negative = base[index] == UInt8(ascii: "-")
    if negative {
      guard Value.isSigned || end - index == 2 && base[index + 1] == UInt8(ascii: "0") else { return nil }
      index += 1
    }
    var value: Value = 0
    while index < end {
      let digit = Value(truncatingIfNeeded: base[index] &- UInt8(ascii: "0"))
      let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
      let (next, overflowB) =
        negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      if overflowA || overflowB { return nil }
      value = next
      index += 1
    }
    return value
  }

  private func hasNonZeroDigit(_ token: JSONTape.Entry) -> Bool {
    for index in Int(token.start)..<Int(token.end) {
      let byte = base[index]
      if byte | 0x20 == UInt8(ascii: "e") { return false }
      if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") { return true }
    }
    return false
  }
}
