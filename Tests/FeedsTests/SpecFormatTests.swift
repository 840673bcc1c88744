import Foundation
import Testing

@testable import Feeds

/// `| number(…)` and `| date(…)` in spec templates: fixed patterns, the same output on every
/// machine, and format arguments checked when the spec loads.
@Suite("Spec template formats")
struct SpecFormatTests {
  /// `template` filled with `item` as the record.
  static func render(_ template: String, _ item: SpecValue) throws -> String {
    var scope = SpecScope(params: [:])
    scope.item = .object([SpecMember("v", item)])
    return try SpecTemplate(template, roots: [.item]).render(scope)
  }

  static func failure(_ template: String) -> String? {
    do {
      _ = try SpecTemplate(template, roots: [.item])
      return nil
    } catch {
      return error.cause
    }
  }

  @Test(
    "numbers: fixed fraction digits, optional grouping and decimal separators, no locale",
    arguments: [
      ("${item.v | number(2)}", SpecValue.number(1234.5), "1234.50"),
      ("${item.v | number}", .number(2.5), "2"),
      ("${item.v | number(0, ',')}", .integer(1_234_567), "1,234,567"),
      ("${item.v | number(0, ',')}", .integer(-1_234_567), "-1,234,567"),
      ("${item.v | number(0, ',')}", .integer(999), "999"),
      ("${item.v | number(2, '.', ',')}", .number(-1234.5), "-1.234,50"),
      ("${item.v | number(1, ' ')}", .string("1000000.25"), "1 000 000.2"),
      ("${item.v | number(3)}", .integer(7), "7.000"),
      ("${item.v | number(0, '’')}", .integer(Int.max), "9’223’372’036’854’775’807"),
    ])
  func numbers(_ template: String, _ value: SpecValue, _ expected: String) throws {
    #expect(try Self.render(template, value) == expected)
  }

  @Test(
    "dates: RFC 3339 text, calendar dates and seconds since 1970, in UTC or a fixed offset",
    arguments: [
      ("${item.v | date('yyyy-MM-dd HH:mm')}", SpecValue.string("2026-12-02T03:30:00Z"), "2026-12-02 03:30"),
      ("${item.v | date('yyyy-MM-dd HH:mm')}", .string("2026-12-02T03:30:00+09:00"), "2026-12-01 18:30"),
      ("${item.v | date('yyyy-MM-dd HH:mm', '+09:00')}", .string("2026-12-02T03:30:00Z"), "2026-12-02 12:30"),
      ("${item.v | date('d MMM yyyy', '-05:30')}", .string("2026-01-01T02:00:00.125Z"), "31 Dec 2025"),
      ("${item.v | date('EEEE d MMMM yy')}", .string("2024-02-29"), "Thursday 29 February 24"),
      ("${item.v | date('EEE M/d h:mm a')}", .integer(0), "Thu 1/1 12:00 AM"),
      ("${item.v | date('h:mm:ss a')}", .number(1_764_646_200.9), "3:30:00 AM"),
      ("${item.v | date('yyyy年M月d日')}", .string("2026-12-02"), "2026年12月2日"),
      ("${item.v | date('yyyy-MM-dd HH:mm', '-08:00')}", .string("2026-12-02"), "2026-12-02 00:00"),
      ("${item.v | date('rfc3339')}", .string("2026-12-02t03:30:60z"), "2026-12-02T03:30:59Z"),
      ("${item.v | date('rfc3339', '+05:45')}", .integer(-86_400), "1969-12-31T05:45:00+05:45"),
      ("${item.v | date('yyyy-MM-dd')}", .integer(253_402_300_799), "9999-12-31"),
      ("${item.v | date('yyyy-MM-dd EEE')}", .string("1600-03-01T00:00:00Z"), "1600-03-01 Wed"),
    ])
  func dates(_ template: String, _ value: SpecValue, _ expected: String) throws {
    #expect(try Self.render(template, value) == expected)
  }

  @Test("every day from 1900 to 2100 agrees with Foundation's Gregorian calendar in UTC")
  func calendarArithmetic() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    let start = SpecDateFormat.days(year: 1900, month: 1, day: 1)
    for day in start..<(start + 73_415) {
      let date = Date(timeIntervalSince1970: Double(day) * 86_400)
      let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
      let civil = SpecDateFormat.civil(fromDays: day)
      guard civil.year == parts.year, civil.month == parts.month, civil.day == parts.day else {
        Issue.record("day \(day): \(civil) but Foundation says \(parts)")
        return
      }
      #expect(SpecDateFormat.days(year: civil.year, month: civil.month, day: civil.day) == day)
    }
  }

  @Test(
    "a value that is not a date or a number makes the record's placeholder row, naming the cause",
    arguments: [
      (
        "${item.v | date('yyyy')}", SpecValue.string("2026-13-01"),
        "expected a date (RFC 3339 text or seconds since 1970), found a string"
      ),
      (
        "${item.v | date('yyyy')}", .string("2026-02-30T00:00:00Z"),
        "expected a date (RFC 3339 text or seconds since 1970), found a string"
      ),
      (
        "${item.v | date('yyyy')}", .string("2026-02-03T10:00:00"),
        "expected a date (RFC 3339 text or seconds since 1970), found a string"
      ),
      (
        "${item.v | date('yyyy')}", .integer(253_402_300_800),
        "expected a date (RFC 3339 text or seconds since 1970), found a number"
      ),
      (
        "${item.v | date('yyyy')}", .bool(true),
        "expected a date (RFC 3339 text or seconds since 1970), found a boolean"
      ),
      ("${item.v | number(2)}", .string("12 apples"), "expected Number, found a string"),
      ("${item.v | number(2)}", .string("inf"), "expected Number, found a string"),
    ])
  func badValues(_ template: String, _ value: SpecValue, _ reason: String) throws {
    let compiled = try SpecTemplate(template, roots: [.item])
    var scope = SpecScope(params: [:])
    scope.item = .object([SpecMember("v", value)])
    do throws(SpecBindingFailure) {
      let text = try compiled.render(scope)
      Issue.record("rendered '\(text)'")
    } catch {
      #expect(error.reason == reason)
      #expect(error.steps == [.key("v")])
    }
  }

  @Test(
    "format names and arguments are checked when the spec loads",
    arguments: [
      ("${item.v | date('yyyy-QQ')}", "unknown date field 'QQ' in 'yyyy-QQ'"),
      ("${item.v | date('yyy')}", "unknown date field 'yyy' in 'yyy'"),
      ("${item.v | date('HH:mm', 'JST')}", "date's offset is 'Z' or '±HH:MM', such as '+09:00'"),
      ("${item.v | date('HH:mm', '+24:00')}", "date's offset is 'Z' or '±HH:MM', such as '+09:00'"),
      ("${item.v | date(yyyy)}", "date expects a quoted pattern and an optional offset"),
      ("${item.v | date}", "date expects a quoted pattern and an optional offset"),
      ("${item.v | number(13)}", "number expects 0 to 12 fraction digits"),
      ("${item.v | number(2, ',', '.', ' ')}", "number expects 0 to 12 fraction digits"),
      ("${item.v | number(2, 7)}", "number expects 0 to 12 fraction digits"),
      ("${item.v | number(2, '1')}", "number expects 0 to 12 fraction digits"),
      ("${item.v | upper}", "unknown filter 'upper' (known: join, number, date, count)"),
    ])
  func loadTimeChecks(_ template: String, _ expected: String) {
    let cause = Self.failure(template)
    #expect(cause?.hasPrefix(expected) == true, "\(cause ?? "loaded")")
  }

  @Test("a format problem in a spec is one line naming the file and the JSON path, exit 65's error")
  func specError() {
    let spec = SpecLoaderTests.spec(
      repos: """
        { "requests": { "main": { "path": "/repos", "records": "/items" } },
          "sections": [ { "id": "repos", "records": "main", "rows": [
            { "kind": "repo", "id": "repo-${item.id}", "fields": { "pushed": "${item.pushed_at | date('YYYY')}" } } ] } ] }
        """)
    #expect(
      SpecLoaderTests.issues(spec) == [
        "unknown date field 'YYYY' in 'YYYY' (known: \(SpecDateFormat.knownFields); other letters cannot be written) (repos.tableflow.json at $.screens.repos.sections[0].rows[0].fields.pushed)"
      ])
  }
}
