/// How `| number(…)` writes a number: a fixed count of fraction digits, an optional separator
/// between groups of three integer digits, and the decimal point. The same on every machine:
/// no locale is consulted (`number(2)` is `1234.50`, `number(0, ',')` is `1,235`,
/// `number(2, '.', ',')` is `1.234,50`).
struct SpecNumberFormat: Hashable, Sendable {
  /// Digits after the decimal point, 0 to 12 (rounded half to even, as C's `printf` does).
  var fractionDigits: Int
  /// Between groups of three integer digits; empty for none.
  var grouping: String = ""
  /// Between the integer and the fraction digits.
  var decimal: String = "."

  /// `number(digits[, 'grouping'[, 'decimal']])`'s arguments, checked when the spec loads.
  /// - Throws: the cause, for a count outside 0…12 or a separator that is not a quoted text of
  ///   at most 4 characters.
  init(arguments: [String]) throws(SpecTemplateError) {
    let usage =
      "number expects 0 to 12 fraction digits, then optional quoted grouping and decimal separators: number(2, ',', '.')"
    guard arguments.count <= 3 else { throw SpecTemplateError(usage) }
    guard let digits = Int(arguments.first ?? "0"), (0...12).contains(digits) else {
      throw SpecTemplateError(usage)
    }
    fractionDigits = digits
    var separators: [String] = []
    for argument in arguments.dropFirst() {
      guard let text = SpecTemplate.quoted(argument), text.count <= 4,
        !text.contains(where: { $0.isNumber || $0 == "-" })
      else { throw SpecTemplateError(usage) }
      separators.append(text)
    }
    if let grouping = separators.first { self.grouping = grouping }
    if separators.count > 1 { decimal = separators[1] }
  }

  /// `number` as this format writes it; `nil` for an infinite or NaN value.
  func text(_ number: Double) -> String? {
    guard number.isFinite else { return nil }
    // `%f` with no locale: always `-`, digits and `.`, whatever the process's locale.
    let fixed = String(format: "%.\(fractionDigits)f", number)
    guard !grouping.isEmpty || decimal != "." else { return fixed }
    var integer = Substring(fixed)
    var fraction: Substring = ""
    if let point = fixed.firstIndex(of: ".") {
      integer = fixed[..<point]
      fraction = fixed[fixed.index(after: point)...]
    }
    var sign = ""
    if integer.first == "-" {
      sign = "-"
      integer = integer.dropFirst()
    }
    var output = sign
    let digits = Array(integer)
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { output += grouping }
      output.append(digit)
    }
    if !fraction.isEmpty { output += decimal + fraction }
    return output
  }

  /// `number` as this format writes it, from a whole number: exact beyond 2⁵³.
  func text(_ whole: Int) -> String {
    guard fractionDigits == 0 else { return text(Double(whole)) ?? String(whole) }
    guard !grouping.isEmpty else { return String(whole) }
    let plain = String(whole.magnitude)
    var output = whole < 0 ? "-" : ""
    for (index, digit) in plain.enumerated() {
      if index > 0 && (plain.count - index) % 3 == 0 { output += grouping }
      output.append(digit)
    }
    return output
  }
}
