import TableCore

/// A review in the "精选评论" section: title, "评分：{value}" and the link to the full text.
public struct ReviewCellModel: CellModel {
  /// The cell kind of review rows.
  public static let kind: CellKind = "review"

  /// The review's title.
  public let title: String
  /// `评分：{value}`.
  public let rating: String
  /// The link to the review.
  public let link: String
  /// Whether the user marked the review useful (the `useful` action).
  public let isMarkedUseful: Bool

  /// Converts a review.
  public init(review: BookReview, isMarkedUseful: Bool = false) {
    title = review.title
    rating = "评分：\(review.rating.value)"
    link = review.alt
    self.isMarkedUseful = isMarkedUseful
  }

  /// `title`, `rating`, `link`, and `useful=true` once marked useful.
  public var fields: [Field] {
    var fields = [Field("title", .text(title)), Field("rating", .text(rating)), Field("link", .text(link))]
    if isMarkedUseful { fields.append(Field("useful", .bool(true))) }
    return fields
  }

  /// The title (16 pt, up to 2 lines) over the rating and link (13 pt, one line).
  public var height: Double {
    CellLayout.height([
      .init(text: title, fontSize: 16, maxLines: 2),
      .init(text: rating + " " + link, fontSize: 13, maxLines: 1),
    ])
  }
}
