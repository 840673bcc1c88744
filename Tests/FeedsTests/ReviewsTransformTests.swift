import Feeds
import TableCore
import Testing

@Suite("ReviewsTransform and BookDetailTransform")
struct ReviewsTransformTests {
  @Test("shows the book at once and the reviews section empty until they arrive")
  func showsBookBeforeReviews() {
    let snapshot = ReviewsTransform.snapshot(book: TestData.book("1"), reviews: nil)
    #expect(snapshot.sections.map(\.header) == ["书籍", "精选评论"])
    #expect(snapshot.sections.map(\.style) == [.static, .dynamic])
    #expect(snapshot.sections[0].rows.map(\.id) == ["book-title", "book-rating"])
    #expect(snapshot.sections[1].rows.isEmpty)
  }

  @Test("fills 精选评论 with title, 评分 and link, once per review")
  func fillsReviews() throws {
    let json = """
      {"reviews":[{"id":"7","title":"好书 👍","alt":"https://r/7","rating":{"value":"5"}},
      {"id":"7","title":"again","alt":"https://r/7","rating":{"value":"5"}},
      {"title":"no id","alt":"https://r/x","rating":{"value":4}}]}
      """
    let reviews = try TestData.decode(BookReviews.self, json)
    let snapshot = ReviewsTransform.snapshot(book: TestData.book("1"), reviews: reviews)
    let rows = snapshot.sections[1].rows
    #expect(rows.map(\.id) == ["review-7", "review-https://r/x"])
    #expect(rows[0].fields.map(\.value) == [.text("好书 👍"), .text("评分：5"), .text("https://r/7")])
    #expect(rows[1].fields[1].value == .text("评分：4"))
  }

  @Test("says 暂无评论 when a book has no reviews")
  func saysNoReviews() {
    let snapshot = ReviewsTransform.snapshot(book: TestData.book("1"), reviews: BookReviews(reviews: []))
    #expect(snapshot.sections[1].rows.map(\.id) == [ReviewsTransform.noReviewsRowID])
    #expect(snapshot.sections[1].rows.first?.fields.first?.value == .text("暂无评论"))
  }

  @Test("the detail is a static table of title, authors and publisher")
  func detailIsStatic() {
    let snapshot = BookDetailTransform.snapshot(TestData.book("1", authors: ["A", "B"]))
    #expect(snapshot.sections.map(\.style) == [.static])
    #expect(
      snapshot.sections[0].rows.map { $0.fields[1].value } == [.text("三体"), .text("A、B"), .text("重庆出版社")])
  }
}
