/// A string identifier tagged with what it identifies, so a row id can never be passed where
/// a section id or a cell kind is expected.
///
/// Encodes as a bare JSON string.
public struct TaggedIdentifier<Tag: IdentifierTag>: Hashable, Sendable, Codable, Comparable,
  CustomStringConvertible, ExpressibleByStringLiteral
{
  /// The identifier's text, as written in logs and interchange JSON.
  public let rawValue: String

  /// Creates an identifier from its text.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Creates an identifier from a string literal.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// Decodes the identifier from a bare JSON string.
  public init(from decoder: any Decoder) throws {
    self.rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes the identifier as a bare JSON string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The identifier's text.
  public var description: String { rawValue }

  /// Orders identifiers by their text.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Marks what a ``TaggedIdentifier`` identifies.
public protocol IdentifierTag: Sendable {}

/// The tag of ``RowID``.
public enum RowTag: IdentifierTag {}
/// The tag of ``SectionID``.
public enum SectionTag: IdentifierTag {}
/// The tag of ``CellKind``.
public enum CellKindTag: IdentifierTag {}

/// The stable identity of a row, unique within a snapshot.
///
/// Identity is what the diff matches on: a row keeps its `RowID` across snapshots while its
/// content (kind, model, height) may change.
public typealias RowID = TaggedIdentifier<RowTag>

/// The stable identity of a section, unique within a snapshot.
public typealias SectionID = TaggedIdentifier<SectionTag>

/// The kind of cell that displays a row: UIKit's reuse identifier.
///
/// Two rows with the same id but different kinds cannot be reconfigured in place; the diff
/// reports them as a reload.
public typealias CellKind = TaggedIdentifier<CellKindTag>
