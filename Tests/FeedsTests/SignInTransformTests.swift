import Feeds
import TableCore
import TableFlow
import Testing

@Suite("SignInTransform")
struct SignInTransformTests {
  @Test("the first page is a static form with a link to the password page")
  func firstPage() {
    let snapshot = SignInTransform.signInPage(username: "pmtao")
    #expect(snapshot.sections.allSatisfy { $0.style == .static })
    #expect(snapshot.sections[0].rows.map(\.kind) == ["textField", "pushLink"])
  }

  @Test("the password field never shows the password or its length")
  func masksPassword() {
    let short = SignInTransform.passwordPage(SignInForm(username: "pmtao", password: "ab"), result: nil)
    let long = SignInTransform.passwordPage(
      SignInForm(username: "pmtao", password: "a much longer secret"), result: nil)
    let field = short.sections[0].rows[1]
    #expect(field.fields[2].value == .text("••••"))
    #expect(short == long)
    #expect(!short.sections.contains { $0.id == SignInTransform.resultSectionID })
  }

  @Test(
    "the form validates as it is typed: an inline message, and a submit button enabled only when valid",
    arguments: [
      ("", "douban", "Please enter your user name"), ("  ", "douban", "Please enter your user name"),
      ("pmtao", "", "Please enter your password"), ("pmtao", "douban", nil),
    ] as [(String, String, String?)])
  func validates(username: String, password: String, message: String?) throws {
    let page = SignInTransform.passwordPage(SignInForm(username: username, password: password), result: nil)
    let rows = page.sections[0].rows
    let validation = rows.first { $0.id == SignInTransform.validationRowID }
    #expect(validation?.fields == message.map { [Field("message", .text($0))] })
    let submit = try #require(rows.first { $0.id == SignInTransform.submitRowID })
    #expect(submit.fields.last == Field("enabled", .bool(message == nil)))
  }

  @Test("shows the backend's answer in a result row")
  func showsResult() {
    let failed = SessionResponse(data: nil, error: 1, message: "Wrong password for pmtao")
    let snapshot = SignInTransform.passwordPage(SignInForm(username: "pmtao", password: "x"), result: failed)
    let row = try? #require(snapshot.sections.last?.rows.first)
    #expect(row?.id == SignInTransform.resultRowID)
    #expect(row?.fields.map(\.value) == [.bool(false), .text("Wrong password for pmtao")])
  }
}
