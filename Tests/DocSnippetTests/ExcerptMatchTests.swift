import Testing

@Suite("Excerpt match")
struct ExcerptMatchTests {
  @Test("the excerpt match skips what … stands for")
  func excerptMatch() {
    let text = ["> load", "books v1: 1 section", "  0.0 loading  text=\"Loading…\"  height=44", "> back"]
    #expect(ExcerptMatch(pattern: ["> load", "…", "> back"]).isFound(in: text))
    #expect(
      ExcerptMatch(pattern: ["books v1: …", "  0.0 loading  text=\"Loading…\"  height=44"]).isFound(in: text))
    #expect(ExcerptMatch(pattern: ["  0.0 loading … height=44"]).isFound(in: text))
    #expect(!ExcerptMatch(pattern: ["> load", "> back"]).isFound(in: text))
    #expect(!ExcerptMatch(pattern: ["books v2: …"]).isFound(in: text))
    #expect(ExcerptMatch(pattern: ["> load", "> back"]).firstMissing(in: text) == nil)
    #expect(ExcerptMatch(pattern: ["> load", "> next"]).firstMissing(in: text) == "> next")
  }
}
