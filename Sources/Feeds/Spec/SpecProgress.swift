/// How far a paginated request has got: records loaded, the total the backend announced, and
/// whether another page remains.
///
/// The total follows the built-in feeds' rule: each page's total replaces the previous one,
/// and an empty page ends the list whatever the total says (a backend that overstates its
/// total cannot make the load-more row fetch forever). Without a total, a page with fewer
/// records than the limit (or none) is the last; with cursors, an answer without a next
/// cursor is.
struct SpecProgress {
  var loaded = 0
  var pageCount = 0
  var total: Int?
  var cursor: String?
  var link: SpecLink?
  var hasMore = false

  init(pages: [SpecDocument], records: Int, pagination: SpecPagination?, scope: SpecScope) {
    pageCount = pages.count
    var lastCount = 0
    for page in pages {
      let count = page.records[records]?.count ?? 0
      loaded += count
      lastCount = count
      if let pointer = pagination?.total {
        if count == 0 {
          total = loaded
        } else if let value = pointer.locate(in: page.root)?.value, let number = Self.integer(value) {
          total = max(number, 0)
        }
      }
    }
    guard let pagination, let last = pages.last else { return }
    if case .link = pagination.style {
      link = try? last.next.get()
      hasMore = link != nil && lastCount > 0
      return
    }
    if case .cursor(let pointer) = pagination.style {
      cursor = pointer.locate(in: last.root)?.value.scalarText.flatMap { $0.isEmpty ? nil : $0 }
      hasMore = cursor != nil && lastCount > 0
      return
    }
    if pagination.total != nil {
      hasMore = loaded < (total ?? 0)
    } else if let limit = pagination.limit?.renderIfPossible(scope).flatMap({ Int($0) }) {
      hasMore = lastCount > 0 && lastCount >= limit
    }
  }

  static func integer(_ value: SpecValue) -> Int? {
    switch value {
    case .integer(let whole): whole
    case .number(let number) where number.isFinite && abs(number) < 1e15: Int(number)
    case .string(let text): Int(text)
    default: nil
    }
  }
}
