/// The named attributes, one row each.
public struct ProfileAttributesItem: ProfileViewModelItem {
  /// The attributes, in order.
  public let attributes: [ProfileAttribute]

  /// Creates the item.
  public init(attributes: [ProfileAttribute]) {
    self.attributes = attributes
  }

  /// `attributes`.
  public var type: ProfileSection { .attributes }
  /// One row per attribute.
  public var rowCount: Int { attributes.count }
  /// The attribute rows.
  public var cells: [ProfileCell] { attributes.map { .attribute(key: $0.key, value: $0.value) } }
}
