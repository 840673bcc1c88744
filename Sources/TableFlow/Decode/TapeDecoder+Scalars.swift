import FixtureKit

/// Reading scalars from the tape, with Foundation's rules: a number decodes as an integer type
/// when its value is a whole number that fits (`1.0`, `1e2`), as a floating-point type when
/// it is finite and does not vanish to zero; `null` is `valueNotFound`.
extension TapeDecoder {
  /// The string at `entry`.
  func string(at entry: Int, path: @autoclosure () -> CodingPathNode) throws -> String {
    let token = entries[entry]
    guard token.kind.rawValue == JSONTape.Kind.string.rawValue else {
      throw unexpected(String.self, at: entry, path: path())
    }
    return text(of: token)
  }

  /// The text of the string `token`: a long ASCII one without escapes from ``asciiStrings``
  /// when strings are reused (shorter ones live inside the `String` value itself).
  @inline(__always)
  func text(of token: JSONTape.Entry) -> String {
    if let asciiStrings, token.isASCII, !token.flag, token.end - token.start > ASCIIStrings.inlineBytes {
      return asciiStrings.string(token, in: base)
    }
    return tape.string(token, in: base)
  }

  /// The strings of the array at `entry`, or `nil` when it is not an array of strings only.
  func stringArray(at entry: Int) -> [String]? {
    let array = entries[entry]
    guard array.kind.rawValue == JSONTape.Kind.array.rawValue else { return nil }
    let count = Int(array.count)
    // Strings are one entry each: an array of strings only ends `count` entries after it.
    guard Int(array.end) == entry + 1 + count else { return nil }
    var strings: [String] = []
    strings.reserveCapacity(count)
    for element in (entry + 1)..<(entry + 1 + count) {
      let token = entries[element]
      guard token.kind.rawValue == JSONTape.Kind.string.rawValue else { return nil }
      strings.append(text(of: token))
    }
    return strings
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
    guard token.kind.rawValue == JSONTape.Kind.number.rawValue else {
      throw unexpected(Value.self, at: entry, path: path())
    }
    var value: Value = 0
    if token.flag, parseInteger(token, into: &value) { return value }
    // A fraction or an exponent: only a whole number in range (`1.0`, `1e2`), decided on the
    // decimal digits, not on a rounded `Double`.
    if !token.flag, wholeNumber(token, into: &value) { return value }
    throw corrupted("Parsed JSON number <\(tokenText(entry))> does not fit in \(Value.self).", path: path())
  }

  /// The floating-point number at `entry`, as `Value`.
  func floating<Value: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: Value.Type, at entry: Int, path: @autoclosure () -> CodingPathNode
  ) throws -> Value {
    let token = entries[entry]
    guard token.kind.rawValue == JSONTape.Kind.number.rawValue else {
      throw unexpected(Value.self, at: entry, path: path())
    }
    var whole: Int64 = 0
    if token.flag, token.end - token.start <= 15, parseInteger(token, into: &whole) {
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
  func isNull(_ entry: Int) -> Bool { entries[entry].isNull }

  /// `valueNotFound` for `null`, `typeMismatch` for anything else.
  func unexpected(_ type: Any.Type, at entry: Int, path: CodingPathNode) -> DecodingError {
    guard isNull(entry) else { return mismatch(type, at: entry, path: path) }
    return DecodingError.valueNotFound(
      type,
      DecodingError.Context(
        codingPath: path.keys,
        debugDescription: "Cannot get value of type \(type) -- found null value instead"))
  }

  /// Sets `result` to an integer token's value and returns `true` when it fits in `Value`
  /// (no `Optional<Value>`: its metadata costs a lookup per call in unspecialised code).
  @inline(__always)
  private func parseInteger<Value: FixedWidthInteger>(
    _ token: JSONTape.Entry, into result: inout Value
  ) -> Bool {
    var index = Int(token.start)
    let end = Int(token.end)
    let negative = base[index] == UInt8(ascii: "-")
    if negative {
      guard Value.isSigned || end - index == 2 && base[index + 1] == UInt8(ascii: "0") else { return false }
      index += 1
    }
    var value: Value = 0
    while index < end {
      let digit = Value(truncatingIfNeeded: base[index] &- UInt8(ascii: "0"))
      let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
      let (next, overflowB) =
        negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      if overflowA || overflowB { return false }
      value = next
      index += 1
    }
    result = value
    return true
  }

  /// Sets `result` to the value of a number token with a fraction or an exponent and returns
  /// `true` when it is a whole number that fits in `Value` (no `Value?`, as for
  /// ``parseInteger(_:into:)``).
  private func wholeNumber<Value: FixedWidthInteger>(
    _ token: JSONTape.Entry, into result: inout Value
  ) -> Bool {
    var digits: [UInt8] = []
    var fraction = 0
    var exponent = 0
    var index = Int(token.start)
    let end = Int(token.end)
    let negative = base[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    var inFraction = false
    while index < end {
      let byte = base[index]
      if byte == UInt8(ascii: ".") {
        inFraction = true
      } else if byte | 0x20 == UInt8(ascii: "e") {
        let text = String(
          decoding: UnsafeBufferPointer(start: base + index + 1, count: end - index - 1), as: UTF8.self)
        exponent =
          Int(text.hasPrefix("+") ? String(text.dropFirst()) : text)
          ?? (text.hasPrefix("-") ? -100_000 : 100_000)
        break
      } else {
        digits.append(byte &- UInt8(ascii: "0"))
        if inFraction { fraction += 1 }
      }
      index += 1
    }
    while let first = digits.first, first == 0 { digits.removeFirst() }
    guard !digits.isEmpty else {
      result = 0
      return true
    }
    var shift = exponent - fraction
    while shift < 0 {
      guard digits.last == 0 else { return false }
      digits.removeLast()
      shift += 1
    }
    guard shift <= 40 else { return false }
    digits += [UInt8](repeating: 0, count: shift)
    if negative, !Value.isSigned { return false }
    var value: Value = 0
    for digit in digits {
      let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
      let step = Value(digit)
      let (next, overflowB) =
        negative ? shifted.subtractingReportingOverflow(step) : shifted.addingReportingOverflow(step)
      if overflowA || overflowB { return false }
      value = next
    }
    result = value
    return true
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
