import TableFlow

/// The answer of `GET /api/providers`: the rows of seed B's demo, in order. An item that does
/// not decode shows as a placeholder row.
public struct ProviderList: Codable, Hashable, Sendable {
  /// The items.
  public var providers: TolerantArray<ProviderItem>

  /// Creates a list.
  public init(providers: [ProviderItem]) {
    self.providers = TolerantArray(providers)
  }
}
