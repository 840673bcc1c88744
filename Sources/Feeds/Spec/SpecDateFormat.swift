/// How `| date('pattern'[, 'offset'])` writes a date: a fixed pattern, in UTC or at a fixed
/// offset, with English names; the same on every machine (no locale, no time zone database,
/// no Foundation formatter: the calendar arithmetic is the proleptic Gregorian calendar's).
///
/// The value is an RFC 3339 timestamp (`2026-12-02T03:30:00Z`, `…T12:30:00.250+09:00`), a
/// calendar date (`2026-12-02`: shown as that day at 00:00, whatever the offset), or a number
/// of seconds since 1970-01-01T00:00:00Z. ASCII letters in the pattern are fields, checked when
/// the spec loads; everything else is written as is (`yyyy年M月d日` is `2026年12月2日`). The
/// pattern `rfc3339` names `yyyy-MM-ddTHH:mm:ssXXX`.
struct SpecDateFormat: Hashable, Sendable {
  enum Field: Hashable, Sendable {
    case year(Int), month(Int), day(Int), weekday(Int), hour(Int), hour12(Int), minute(Int), second(Int)
    case dayPeriod, offset
  }

  enum Piece: Hashable, Sendable {
    case literal(String)
    case field(Field)
  }

  /// The fields a pattern may hold, for messages.
  static let knownFields = "yyyy, yy, M, MM, MMM, MMMM, d, dd, EEE, EEEE, H, HH, h, hh, m, mm, s, ss, a, XXX"

  var pieces: [Piece]
  /// The offset from UTC the date is shown at, in seconds.
  var offset: Int

  /// `date`'s arguments, checked when the spec loads.
  /// - Throws: the cause: a missing or unquoted pattern, an unknown field (`unknown date field
  ///   'Q'`), an offset that is not `Z` or `±HH:MM`.
  init(arguments: [String]) throws(SpecTemplateError) {
    guard (1...2).contains(arguments.count), let pattern = arguments.first.flatMap(SpecTemplate.quoted) else {
      throw SpecTemplateError(
        "date expects a quoted pattern and an optional offset: date('yyyy-MM-dd', '+09:00')")
    }
    offset = 0
    if arguments.count == 2 {
      guard let text = SpecTemplate.quoted(arguments[1]), let seconds = Self.offset(text[...]) else {
        throw SpecTemplateError("date's offset is 'Z' or '±HH:MM', such as '+09:00'")
      }
      offset = seconds
    }
    pieces = try Self.pieces(pattern == "rfc3339" ? "yyyy-MM-dd'T'HH:mm:ssXXX" : pattern)
  }

  private static func pieces(_ pattern: String) throws(SpecTemplateError) -> [Piece] {
    var pieces: [Piece] = []
    var literal = ""
    var characters = pattern[...]
    while let first = characters.first {
      // `'T'`: a quoted letter, only in the named pattern (a template's quotes end its argument).
      if first == "'", characters.dropFirst().first.map({ $0 != "'" }) == true,
        characters.dropFirst(2).first == "'", let letter = characters.dropFirst().first
      {
        literal.append(letter)
        characters = characters.dropFirst(3)
        continue
      }
      guard first.isASCII, first.isLetter else {
        literal.append(first)
        characters = characters.dropFirst()
        continue
      }
      let run = characters.prefix { $0 == first }
      characters = characters.dropFirst(run.count)
      let width = run.count
      let field: Field?
      switch (first, width) {
      case ("y", 2), ("y", 4): field = .year(width)
      case ("M", 1...4): field = .month(width)
      case ("d", 1...2): field = .day(width)
      case ("E", 3...4): field = .weekday(width)
      case ("H", 1...2): field = .hour(width)
      case ("h", 1...2): field = .hour12(width)
      case ("m", 1...2): field = .minute(width)
      case ("s", 1...2): field = .second(width)
      case ("a", 1): field = .dayPeriod
      case ("X", 3): field = .offset
      default: field = nil
      }
      guard let field else {
        throw SpecTemplateError(
          "unknown date field '\(run)' in '\(pattern.prefix(40))' (known: \(knownFields); other letters cannot be written)"
        )
      }
      if !literal.isEmpty { pieces.append(.literal(literal)) }
      literal = ""
      pieces.append(.field(field))
      guard pieces.count <= 64 else { throw SpecTemplateError("a date pattern has at most 64 fields") }
    }
    if !literal.isEmpty { pieces.append(.literal(literal)) }
    return pieces
  }

  /// `value` in this format; `nil` when it is not a date this format reads.
  func text(_ value: SpecValue) -> String? {
    let local: Int
    switch value {
    case .integer(let seconds):
      guard abs(seconds) <= Self.latestSecond else { return nil }
      local = seconds + offset
    case .number(let seconds):
      guard seconds.isFinite, abs(seconds) <= Double(Self.latestSecond) else { return nil }
      local = Int(seconds.rounded(.down)) + offset
    case .string(let text):
      guard let parsed = Self.parse(text[...]) else { return nil }
      local = parsed.isDateOnly ? parsed.seconds : parsed.seconds + offset
    default: return nil
    }
    let days = Self.floorDivide(local, 86_400)
    let time = local - days * 86_400
    let (year, month, day) = Self.civil(fromDays: days)
    var output = ""
    for piece in pieces {
      switch piece {
      case .literal(let text): output += text
      case .field(let field):
        switch field {
        case .year(let width): output += width == 2 ? Self.padded(year % 100, 2) : Self.padded(year, 4)
        case .month(let width):
          switch width {
          case 3: output += Self.monthNames[month - 1].prefix(3)
          case 4: output += Self.monthNames[month - 1]
          default: output += Self.padded(month, width)
          }
        case .day(let width): output += Self.padded(day, width)
        case .weekday(let width):
          // 1970-01-01, day 0, was a Thursday.
          let name = Self.weekdayNames[days + 4 - Self.floorDivide(days + 4, 7) * 7]
          output += width == 3 ? String(name.prefix(3)) : name
        case .hour(let width): output += Self.padded(time / 3600, width)
        case .hour12(let width): output += Self.padded((time / 3600 + 11) % 12 + 1, width)
        case .minute(let width): output += Self.padded(time / 60 % 60, width)
        case .second(let width): output += Self.padded(time % 60, width)
        case .dayPeriod: output += time < 43_200 ? "AM" : "PM"
        case .offset:
          guard offset != 0 else {
            output += "Z"
            continue
          }
          output +=
            (offset < 0 ? "-" : "+") + Self.padded(abs(offset) / 3600, 2) + ":"
            + Self.padded(abs(offset) / 60 % 60, 2)
        }
      }
    }
    return output
  }

  /// 9999-12-31T23:59:59Z, in seconds since 1970: the latest instant a date may be.
  static let latestSecond = 253_402_300_799

  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
  ]
  static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

  /// The seconds since 1970 of an RFC 3339 timestamp, or of a calendar date's midnight (UTC).
  static func parse(_ text: Substring) -> (seconds: Int, isDateOnly: Bool)? {
    let bytes = Array(text.utf8)
    func number(_ start: Int, _ count: Int) -> Int? {
      guard start + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[start..<start + count] {
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      return value
    }
    guard bytes.count >= 10, let year = number(0, 4), bytes[4] == 45, let month = number(5, 2),
      bytes[7] == 45,
      let day = number(8, 2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
    else { return nil }
    let days = Self.days(year: year, month: month, day: day)
    if bytes.count == 10 { return (days * 86_400, true) }
    guard bytes.count >= 20, [84, 116, 32].contains(bytes[10]), let hour = number(11, 2), bytes[13] == 58,
      let minute = number(14, 2), bytes[16] == 58, let second = number(17, 2), hour < 24, minute < 60,
      second <= 60
    else { return nil }
    var index = 19
    if bytes[index] == 46 {
      index += 1
      let digits = bytes[index...].prefix { (48...57).contains($0) }.count
      guard (1...9).contains(digits) else { return nil }
      index += digits
    }
    guard let zone = offset(Substring(decoding: bytes[index...], as: UTF8.self)) else { return nil }
    // A leap second (`:60`) is shown as the second before it.
    return (days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - zone, false)
  }

  /// `Z`, `z` or `±HH:MM`, in seconds east of UTC.
  static func offset(_ text: Substring) -> Int? {
    if text == "Z" || text == "z" { return 0 }
    let bytes = Array(text.utf8)
    guard bytes.count == 6, bytes[0] == 43 || bytes[0] == 45, bytes[3] == 58,
      let hours = Int(String(decoding: bytes[1...2], as: UTF8.self)), hours < 24,
      let minutes = Int(String(decoding: bytes[4...5], as: UTF8.self)), minutes < 60,
      bytes[1...2].allSatisfy({ (48...57).contains($0) }), bytes[4...5].allSatisfy({ (48...57).contains($0) })
    else { return nil }
    let seconds = hours * 3600 + minutes * 60
    return bytes[0] == 45 ? -seconds : seconds
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a date of the proleptic Gregorian calendar (H. Hinnant's
  /// `days_from_civil`).
  static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivide(y, 400)
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date of a day since 1970-01-01 (`civil_from_days`).
  static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = floorDivide(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shifted = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shifted + 2) / 5 + 1
    let month = shifted < 10 ? shifted + 3 : shifted - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
  }

  /// `value` with at least `width` digits (a `-` before them when negative).
  static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value.magnitude)
    let zeros = String(repeating: "0", count: max(0, width - digits.count))
    return (value < 0 ? "-" : "") + zeros + digits
  }
}
