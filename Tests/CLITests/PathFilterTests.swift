import Testing

@testable import CLIKit

@Suite("review --filter: a glob over the golden's path, or a substring")
struct PathFilterTests {
  @Test(
    "globs match the whole path; * crosses folders",
    arguments: [
      ("Fixtures/books/*.log", "Fixtures/books/list.log", true),
      ("Fixtures/books/*.log", "Fixtures/profile/main.log", false),
      ("*/profile/*", "Fixtures/profile/main.log", true),
      ("*list*", "Fixtures/books/list-more.log", true),
      ("Fixtures/*.log", "Fixtures/books/list.log", true),
      ("*.log", "Fixtures/books/list.log.new", false),
      ("Fixtures/books/l?st.log", "Fixtures/books/list.log", true),
      ("Fixtures/books/l?st.log", "Fixtures/books/lst.log", false),
      ("*/[bp]*/main.log", "Fixtures/profile/main.log", true),
      ("*/[!bp]*/main.log", "Fixtures/profile/main.log", false),
      ("*/[a-c]ooks/*", "Fixtures/books/list.log", true),
      ("*/\\*.log", "F/*.log", true),
      ("*/\\*.log", "F/a.log", false),
      ("*[", "x[", true),
      ("a*b*c", "aXbYbZc", true),
      ("a*b*c", "aXbYbZ", false),
    ])
  func glob(pattern: String, path: String, matches: Bool) {
    #expect(PathFilter(pattern).matches(path) == matches)
  }

  @Test("a pattern without wildcards matches every path containing it")
  func substring() {
    let filter = PathFilter("books/list")
    #expect(filter.matches("Fixtures/books/list.log"))
    #expect(filter.matches("Fixtures/books/list-more.log"))
    #expect(!filter.matches("Fixtures/profile/main.log"))
  }
}
