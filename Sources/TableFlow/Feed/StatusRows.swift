import TableCore

/// The rows the pipeline adds to every screen: loading, refreshing, error, empty and
/// load-more.
///
/// Their ids and kinds are fixed, so intents can name them (`select tableflow.error` retries
/// the failed load; `select tableflow.more.SECTION` loads the next page of `SECTION`).
public enum StatusRows {
  /// The id of the section holding the loading, error or empty row, placed last.
  public static let sectionID: SectionID = "tableflow.status"
  /// The loading row's id.
  public static let loadingID: RowID = "tableflow.loading"
  /// The error row's id; selecting it retries what failed.
  public static let errorID: RowID = "tableflow.error"
  /// The refreshing row's id: a refresh is in flight (the content stays until it answers).
  public static let refreshingID: RowID = "tableflow.refreshing"
  /// The empty row's id.
  public static let emptyID: RowID = "tableflow.empty"
  /// The loading row's kind.
  public static let loadingKind: CellKind = "loading"
  /// The error row's kind.
  public static let errorKind: CellKind = "error"
  /// The refreshing row's kind.
  public static let refreshingKind: CellKind = "refreshing"
  /// The empty row's kind.
  public static let emptyKind: CellKind = "empty"
  /// The load-more row's kind.
  public static let loadMoreKind: CellKind = "load-more"
  /// The height of every status row, in points.
  public static let height = 44.0

  /// The load-more row's id at the end of `section`.
  public static func loadMoreID(for section: SectionID) -> RowID {
    RowID("tableflow.more.\(section.rawValue)")
  }

  /// The section whose load-more row has this id, if it is one.
  public static func section(ofLoadMore row: RowID) -> SectionID? {
    let prefix = "tableflow.more."
    guard row.rawValue.hasPrefix(prefix) else { return nil }
    return SectionID(String(row.rawValue.dropFirst(prefix.count)))
  }

  static func loadingRow() -> Row {
    Row(
      id: loadingID, kind: loadingKind,
      model: FieldsModel(fields: [Field("text", .text("Loading…"))], height: height))
  }

  static func errorRow(_ failure: PipelineFailure, retry: String?) -> Row {
    var fields = [
      Field("message", .text(failure.message)), Field("category", .text(failure.category.description)),
    ]
    fields.append(Field("retry", retry.map { .text($0) } ?? .null))
    return Row(id: errorID, kind: errorKind, model: FieldsModel(fields: fields, height: height))
  }

  static func emptyRow() -> Row {
    Row(
      id: emptyID, kind: emptyKind,
      model: FieldsModel(fields: [Field("text", .text("Nothing to show"))], height: height))
  }

  static func refreshingRow() -> Row {
    Row(
      id: refreshingID, kind: refreshingKind,
      model: FieldsModel(fields: [Field("text", .text("Refreshing…"))], height: height))
  }

  /// The load-more row; while the section's next page is loading it says so (the same row,
  /// reconfigured).
  static func loadMoreRow(for section: SectionID, isLoading: Bool = false) -> Row {
    Row(
      id: loadMoreID(for: section), kind: loadMoreKind,
      model: FieldsModel(
        fields: [Field("text", .text(isLoading ? "Loading more…" : "Load more"))], height: height))
  }
}
