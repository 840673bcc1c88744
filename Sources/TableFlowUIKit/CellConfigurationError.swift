import TableCore

/// A row that no registration of a ``CellRegistry`` can show: its kind is not registered, or
/// no registration of the kind takes its model type.
///
/// The data source shows a placeholder cell with ``description`` instead of a blank cell and
/// reports the error through ``CellErrorReporting``.
public struct CellConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The row's kind.
  public let kind: CellKind
  /// The row.
  public let row: RowID
  /// Where the row is.
  public let position: RowPosition
  /// Why the row cannot be shown.
  public let reason: String

  /// Creates an error.
  public init(kind: CellKind, row: RowID, position: RowPosition, reason: String) {
    self.kind = kind
    self.row = row
    self.position = position
    self.reason = reason
  }

  /// `cell kind 'KIND' of row 'ROW' (section S, row R): REASON`.
  public var description: String {
    "cell kind '\(kind)' of row '\(row)' (section \(position.section), row \(position.row)): \(reason)"
  }
}
