/// How a section's rows come about, as in the seeds' mixed tables.
public enum SectionStyle: String, Hashable, Sendable, Codable {
  /// A fixed form: one struct of fields laid out as rows (book detail, sign-in forms).
  case `static`
  /// Rows generated from a collection (book list, reviews, friends).
  case dynamic
}

/// One section of a table: identity, titles, style, presentation state and rows.
public struct Section: Hashable, Sendable {
  /// The section's stable identity, unique in its snapshot.
  public let id: SectionID
  /// The header title, if any.
  public let header: String?
  /// The footer title, if any.
  public let footer: String?
  /// Whether the rows are a static form or a dynamic list.
  public let style: SectionStyle
  /// Whether the section is collapsed: presented with its header and no rows.
  public let isCollapsed: Bool
  /// The rows in display order; empty while collapsed.
  public let rows: [Row]

  /// Creates a section. A collapsed section keeps no rows.
  public init(
    id: SectionID, header: String? = nil, footer: String? = nil, style: SectionStyle = .dynamic,
    isCollapsed: Bool = false, rows: [Row]
  ) {
    self.id = id
    self.header = header
    self.footer = footer
    self.style = style
    self.isCollapsed = isCollapsed
    self.rows = isCollapsed ? [] : rows
  }

  /// Whether `other` has the same header, footer, style and collapsed state: the things a
  /// section reload must redisplay.
  public func hasSameAttributes(as other: Section) -> Bool {
    header == other.header && footer == other.footer && style == other.style
      && isCollapsed == other.isCollapsed
  }
}

extension Section {
  /// The same section with other rows (and the same collapsed state, so a collapsed section
  /// still keeps none).
  func replacingRows(_ rows: [Row]) -> Section {
    Section(
      id: id, header: header, footer: footer, style: style, isCollapsed: isCollapsed, rows: rows)
  }
}
