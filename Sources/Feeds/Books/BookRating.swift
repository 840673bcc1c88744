/// A book's readers' rating: the average as the backend prints it and the number of raters.
public struct BookRating: Codable, Hashable, Sendable {
  /// The average on a 10-point scale, as text (`"8.9"`; `"0.0"` when too few ratings).
  public var average: String
  /// How many readers rated the book.
  public var numRaters: Int

  /// Creates a rating.
  public init(average: String, numRaters: Int) {
    self.average = average
    self.numRaters = numRaters
  }
}
