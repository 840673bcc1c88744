/// A reviewer's rating on a 5-point scale, as the backend prints it (`"4"`).
public struct ReviewRating: Codable, Hashable, Sendable {
  /// The value as text.
  public var value: String

  /// Creates a rating.
  public init(value: String) {
    self.value = value
  }

  private enum CodingKeys: String, CodingKey { case value }

  /// Decodes the value from a string or a number, since backends send either.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let text = try? container.decode(String.self, forKey: .value) {
      value = text
    } else if let whole = try? container.decode(Int.self, forKey: .value) {
      value = String(whole)
    } else {
      value = String(try container.decode(Double.self, forKey: .value))
    }
  }
}
