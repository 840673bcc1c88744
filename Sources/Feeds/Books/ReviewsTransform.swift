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
    let bookRows = [
      Row(
        id: "book-title", kind: DetailFieldCellModel.kind,
        model: DetailFieldCellModel(label: "书名", value: book.title)),
      Row(id: "book-rating", kind: BookListCell.bookRatingKind, model: BookRatingCellModel(book: book)),
    ]
    var reviewRows: [Row] = []
    var ids = RowIDAllocator()
    for review in reviews?.reviews ?? [] {
      guard let id = ids.claim("review-\(review.id ?? review.alt)") else { continue }
      reviewRows.append(Row(id: id, kind: ReviewCellModel.kind, model: ReviewCellModel(review: review)))
    }
    if reviews != nil && reviewRows.isEmpty {
      reviewRows = [
        Row(id: noReviewsRowID, kind: MessageCellModel.kind, model: MessageCellModel(text: "暂无评论"))
      ]
    }
    return TableSnapshot(uncheckedSections: [
      Section(id: bookSectionID, header: "书籍", style: .static, rows: bookRows),
      Section(id: reviewsSectionID, header: "精选评论", style: .dynamic, rows: reviewRows),
    ])
  }
}
