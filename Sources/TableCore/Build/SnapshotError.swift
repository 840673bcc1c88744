/// Why a snapshot could not be built from the sections given.
///
/// A struct wrapping a private code, so that new reasons can be added without breaking
/// callers that switch on nothing but the message. Positions are those of the sections and
/// rows as given to the builder, before empty sections are hidden.
public struct SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
  private enum Code: Hashable, Sendable {
    case duplicateSectionID(SectionID, first: Int, second: Int)
    case duplicateRowID(RowID, first: RowPosition, second: RowPosition)
    case invalidHeight(RowID, at: RowPosition, height: Double)
  }

  private let code: Code

  private init(_ code: Code) { self.code = code }

  /// Two sections share an id.
  static func duplicateSectionID(_ id: SectionID, first: Int, second: Int) -> SnapshotError {
    SnapshotError(.duplicateSectionID(id, first: first, second: second))
  }

  /// Two rows share an id.
  static func duplicateRowID(_ id: RowID, first: RowPosition, second: RowPosition) -> SnapshotError {
    SnapshotError(.duplicateRowID(id, first: first, second: second))
  }

  /// A row's height is negative, infinite or not a number.
  static func invalidHeight(_ id: RowID, at position: RowPosition, height: Double) -> SnapshotError {
    SnapshotError(.invalidHeight(id, at: position, height: height))
  }

  /// Whether the error is about an id used twice (a section's or a row's).
  public var isDuplicateID: Bool {
    switch code {
    case .duplicateSectionID, .duplicateRowID: return true
    case .invalidHeight: return false
    }
  }

  /// The index of the section at fault: the second of two sections sharing an id, or the
  /// section holding the row at fault.
  public var sectionIndex: Int {
    switch code {
    case .duplicateSectionID(_, _, let second): return second
    case .duplicateRowID(_, _, let second): return second.section
    case .invalidHeight(_, let position, _): return position.section
    }
  }

  /// The position of the row at fault (the second of two rows sharing an id), if a row is at
  /// fault.
  public var rowPosition: RowPosition? {
    switch code {
    case .duplicateSectionID: return nil
    case .duplicateRowID(_, _, let second): return second
    case .invalidHeight(_, let position, _): return position
    }
  }

  /// One line naming the cause and, for a duplicate, both positions.
  public var description: String {
    switch code {
    case .duplicateSectionID(let id, let first, let second):
      return "duplicate section id \"\(id)\" at section \(second), first used at section \(first)"
    case .duplicateRowID(let id, let first, let second):
      return "duplicate row id \"\(id)\" at section \(second.section) row \(second.row), "
        + "first used at section \(first.section) row \(first.row)"
    case .invalidHeight(let id, let position, let height):
      return "row \"\(id)\" at section \(position.section) row \(position.row) has an invalid "
        + "height \(height) (must be finite and not negative)"
    }
  }
}
