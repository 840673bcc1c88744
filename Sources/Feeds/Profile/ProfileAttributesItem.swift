import TableFlow

/// The named attributes, one row each.
public struct ProfileAttributesItem: ProfileViewModelItem {
  /// The attributes, in order.
  public let attributes: [Tolerant<ProfileAttribute>]

  /// Creates the item.
  public init(attributes: [ProfileAttribute]) {
    self.attributes = attributes.map { .valid($0) }
  }

  /// Creates the item from attributes that may not have decoded.
  public init(attributes: TolerantArray<ProfileAttribute>) {
    self.attributes = attributes.items
  }

  /// `attributes`.
  public var type: ProfileSection { .attributes }
  /// One row per attribute.
  public var rowCount: Int { attributes.count }
  /// The attribute rows.
  public var cells: [ProfileCell] {
    attributes.map { attribute in
      switch attribute {
      case .valid(let attribute): return .attribute(key: attribute.key, value: attribute.value)
      case .invalid(let item): return .invalid(item)
      }
    }
  }
}
