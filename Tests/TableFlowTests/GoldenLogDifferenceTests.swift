import TableFlow
import Testing

@Suite("GoldenLogDifference")
struct GoldenLogDifferenceTests {
  @Test("names the first differing line and the intent whose step holds it")
  func firstDifference() throws {
    let golden = "> load\nbooks v1\n> select a\nreviews v1: 3 rows\n> back\n"
    let actual = "> load\nbooks v1\n> select a\nreviews v1: 4 rows\n> back\n"
    let difference = try #require(GoldenLogDifference(expected: golden, actual: actual))
    #expect(difference.line == 4)
    #expect(difference.step == "> select a")
    #expect(difference.stepNumber == 2)
    #expect(difference.expected == "reviews v1: 3 rows")
    #expect(difference.actual == "reviews v1: 4 rows")
    #expect(GoldenLogDifference(expected: golden, actual: golden) == nil)
  }

  @Test("a log that ends early or an intent that differs is reported at that line")
  func endsAndIntents() throws {
    let short = try #require(GoldenLogDifference(expected: "> load\na\nb", actual: "> load\na"))
    #expect(short.line == 3)
    #expect(short.actual == nil)
    let intent = try #require(GoldenLogDifference(expected: "> load\n> back", actual: "> load\n> refresh"))
    #expect(intent.step == "> refresh")
    #expect(intent.stepNumber == 2)
    let before = try #require(GoldenLogDifference(expected: "x", actual: "y"))
    #expect(before.step == nil)
    #expect(before.description.contains("before the first intent"))
  }
}
