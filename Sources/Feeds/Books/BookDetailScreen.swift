import TableCore
import TableFlow

/// A book's static detail: title, authors, publisher. It needs no request: the list already
/// holds the book.
public struct BookDetailScreen: Screen {
  /// The book shown.
  public let book: Book

  /// Creates the screen.
  public init(book: Book) {
    self.book = book
  }

  /// `detail`.
  public var name: String { "detail" }

  /// The static section.
  public func sections(for state: ScreenState<Book>) throws -> [Section] {
    state.sections("detail", from: book) { BookDetailTransform.snapshot($0).sections }
  }
}
