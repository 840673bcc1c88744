import TableCore

/// The reviews screen, a mixed table (seed A): a static section "书籍" with the book's title
/// and rating, and a dynamic section "精选评论" filled by a second request.
public enum ReviewsTransform {
  /// The static section.
  public static let bookSectionID: SectionID = "book"
  /// The dynamic section.
  public static let reviewsSectionID: SectionID = "reviews"
  /// The row that says a book has no reviews.
  public static let noReviewsRowID: RowID = "reviews-none"

  /// Builds the screen; `reviews` is `nil` until the second response arrives, and the
  /// "精选评论" section stays empty until then (the pipeline shows its loading row).
  ///
  /// A review is identified by its id (or its link when the backend sends none); a review
  /// listed twice shows once.
  public static func snapshot(book: Book, reviews: BookReviews?) -> TableSnapshot {
    let sections = sections(book: book, reviews: reviews)
    var builder = SnapshotBuilder(policy: .keepFirst)
    for section in sections { builder.appendSection(section) }
    // Heights come from CellLayout and are always finite: the build cannot fail.
    return (try? builder.build()) ?? TableSnapshot(uncheckedSections: sections)
  }

  /// The sections as the screen hands them to the pipeline: a review listed twice is there
  /// twice (the screen's `DuplicateIDPolicy.keepFirst` drops the repeat and logs it).
  public static func sections(book: Book, reviews: BookReviews?, useful: Set<String> = []) -> [Section] {
    let bookRows = [
      Row(
        id: "book-title", kind: DetailFieldCellModel.kind,
        model: DetailFieldCellModel(label: "书名", value: book.title)),
      Row(id: "book-rating", kind: BookListCell.bookRatingKind, model: BookRatingCellModel(book: book)),
    ]
    var reviewRows: [Row] = []
    for review in reviews?.reviews ?? [] {
      reviewRows.append(
        Row(
          id: RowID("review-\(review.id ?? review.alt)"), kind: ReviewCellModel.kind,
          model: ReviewCellModel(review: review, isMarkedUseful: review.id.map(useful.contains) ?? false)))
    }
    if reviews != nil && reviewRows.isEmpty {
      reviewRows = [
        Row(id: noReviewsRowID, kind: MessageCellModel.kind, model: MessageCellModel(text: "暂无评论"))
      ]
    }
    return [
      Section(id: bookSectionID, header: "书籍", style: .static, rows: bookRows),
      Section(id: reviewsSectionID, header: "精选评论", style: .dynamic, rows: reviewRows),
    ]
  }
}
