extension Section: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, header, footer, style, collapsed, rows
  }

  /// Encodes the section in interchange form:
  /// `{"id","header","footer","style","collapsed","rows":[…]}`; absent titles are `null`.
  /// Written by ``JSONValue``, the one interchange encoding.
  public func encode(to encoder: any Encoder) throws {
    try JSONValue(self).encode(to: encoder)
  }

  /// Decodes a section from interchange form.
  ///
  /// `id` is required; `header` and `footer` may be absent or `null`, `style` defaults to
  /// `dynamic`, `collapsed` to `false` and `rows` to none. A collapsed section keeps no rows.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(SectionID.self, forKey: .id),
      header: try container.decodeIfPresent(String.self, forKey: .header),
      footer: try container.decodeIfPresent(String.self, forKey: .footer),
      style: try container.decodeIfPresent(SectionStyle.self, forKey: .style) ?? .dynamic,
      isCollapsed: try container.decodeIfPresent(Bool.self, forKey: .collapsed) ?? false,
      rows: try container.decodeIfPresent([Row].self, forKey: .rows) ?? [])
  }
}
