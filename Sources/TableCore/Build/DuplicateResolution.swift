/// What building a snapshot did with one duplicate id under ``DuplicateIDPolicy/keepFirst`` or
/// ``DuplicateIDPolicy/disambiguate``: the duplicate was dropped or renamed.
///
/// Positions are those of the sections and rows as given to the builder.
public struct DuplicateResolution: Hashable, Sendable, CustomStringConvertible {
  /// What was done with the duplicate.
  public enum Action: Hashable, Sendable {
    /// The later section or row was left out.
    case dropped
    /// The later section or row was kept under this new id.
    case renamed(to: String)
  }

  /// Whether a section id (rather than a row id) was repeated.
  public let isSection: Bool
  /// The repeated id.
  public let id: String
  /// The duplicate's section index.
  public let section: Int
  /// The duplicate's row index in its section, for a row.
  public let row: Int?
  /// What was done with it.
  public let action: Action

  /// Creates a resolution.
  public init(isSection: Bool, id: String, section: Int, row: Int?, action: Action) {
    self.isSection = isSection
    self.id = id
    self.section = section
    self.row = row
    self.action = action
  }

  /// The duplicate row's position, for a row.
  public var rowPosition: RowPosition? { row.map { RowPosition(section: section, row: $0) } }

  /// `section 2 row 26` or `section 2`.
  public var positionText: String {
    row.map { "section \(section) row \($0)" } ?? "section \(section)"
  }

  /// One line, naming the origin when given (`entry 12 of page read/0`), else the position:
  /// `dropped duplicate row 'book-1-info' (section 2 row 26)`,
  /// `renamed duplicate row 'friend-Tom' to 'friend-Tom#2' (section 4 row 1)`.
  public func line(origin: String? = nil) -> String {
    let what = isSection ? "section" : "row"
    var text: String
    switch action {
    case .dropped: text = "dropped duplicate \(what) \(Self.quoted(id))"
    case .renamed(let newID): text = "renamed duplicate \(what) \(Self.quoted(id)) to \(Self.quoted(newID))"
    }
    text += " (\(origin ?? positionText))"
    return text
  }

  /// ``line(origin:)`` without an origin.
  public var description: String { line() }

  /// The id in single quotes, its quotes and backslashes escaped and the rest escaped as
  /// ``TextEscaping/inline(_:)`` does, so that a backend's id can never break or forge a line.
  static func quoted(_ id: String) -> String {
    var escaped = ""
    for scalar in id.unicodeScalars {
      switch scalar {
      case "'": escaped += "\\'"
      case "\\": escaped += "\\\\"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return "'" + TextEscaping.inline(escaped) + "'"
  }
}
