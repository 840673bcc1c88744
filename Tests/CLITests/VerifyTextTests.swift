import Testing

@testable import CLIKit

@Suite("the report writers' text: short diffs, XML escaping, durations")
struct VerifyTextTests {
  @Test("a short diff shows the changed run with context, whether lines changed, were added or removed")
  func shortDiff() {
    #expect(ShortDiff.text(expected: "a\nb\n", actual: "a\nb\n") == nil)
    #expect(
      ShortDiff.text(expected: "1\n2\n3\n4\n5\n", actual: "1\n2\nX\n4\n5\n")
        == "@@ line 3 @@\n  1\n  2\n- 3\n+ X\n  4\n  5")
    #expect(ShortDiff.text(expected: "1\n2\n", actual: "1\nnew\n2\n") == "@@ line 2 @@\n  1\n+ new\n  2")
    #expect(ShortDiff.text(expected: "1\n2\n3\n", actual: "1\n3\n") == "@@ line 2 @@\n  1\n- 2\n  3")
    #expect(
      ShortDiff.text(expected: "a\n", actual: "a")
        == "@@ line 2 @@\n  a\n  (the logs differ only in their final line break)")
    let long = (1...20).map(String.init).joined(separator: "\n")
    let cut = ShortDiff.text(expected: "", actual: long, limit: 3)
    #expect(cut == "@@ line 1 @@\n+ 1\n+ 2\n+ 3\n+ … (17 more lines)")
  }

  @Test("a diff line holding controls or bidirectional overrides is escaped")
  func shortDiffEscapes() {
    let text = ShortDiff.text(expected: "x\n", actual: "\u{1B}[2J\u{202E}\n")
    #expect(text == "@@ line 1 @@\n- x\n+ \\u001b[2J\\u202e")
  }

  @Test("XML: markup as entities; characters XML 1.0 forbids as visible escapes")
  func xml() {
    #expect(XMLText.content("a<b>&c \"q\" 'p'") == "a&lt;b&gt;&amp;c \"q\" 'p'")
    #expect(XMLText.attribute("a<b>&c \"q\" 'p'") == "a&lt;b&gt;&amp;c &quot;q&quot; &apos;p&apos;")
    #expect(XMLText.content("\u{0}\u{1}\u{8}\u{B}\u{1F}") == "\\u0000\\u0001\\u0008\\u000b\\u001f")
    #expect(XMLText.content("\u{FFFE}\u{FFFF}é😀") == "\\ufffe\\uffffé😀")
    #expect(XMLText.content("tab\tline\ncr\r") == "tab\tline\ncr&#13;")
    #expect(XMLText.attribute("tab\tline\ncr\r") == "tab&#9;line&#10;cr&#13;")
  }

  @Test("durations: whole microseconds as milliseconds; JUnit seconds with three decimals")
  func durations() {
    #expect(SessionResult.milliseconds(.milliseconds(12)) == 12)
    #expect(SessionResult.milliseconds(.microseconds(12_345)) == 12.345)
    #expect(SessionResult.milliseconds(.nanoseconds(1_499)) == 0.001)
    #expect(JUnitReport.seconds(0) == "0.000")
    #expect(JUnitReport.seconds(5) == "0.005")
    #expect(JUnitReport.seconds(12_345.6) == "12.346")
  }
}
