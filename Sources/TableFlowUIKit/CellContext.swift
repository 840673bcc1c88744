import TableCore
import TableFlow

/// What a configure closure knows besides the model: which row the cell shows, and a way to
/// report a button inside the cell as an intent (`action ROW NAME`).
///
/// A cell is reused for other rows: capture the context given to the latest configure (a
/// reconfigured or reused cell is configured again with its new row's context).
public struct CellContext {
  /// The row the cell shows.
  public let row: RowID
  /// The row's position in the snapshot the cell was configured from.
  public let position: RowPosition
  private let sink: IntentSink

  /// Creates the context of `row` at `position`.
  public init(row: RowID, position: RowPosition, sink: IntentSink) {
    self.row = row
    self.position = position
    self.sink = sink
  }

  /// Sends `action ROW NAME` for this row: the screen routes it by the row's kind and `name`,
  /// separately from selecting the row.
  @MainActor
  public func sendAction(_ name: String) {
    sink.send(.action(row, name: name))
  }
}
