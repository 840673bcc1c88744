import TableCore
import TableFlow

/// Where a refresh sent by a data source is: sent, shown by the pipeline's refreshing row, or
/// over.
enum RefreshProgress: Hashable {
  case idle
  case sent
  case shown

  /// The progress once `snapshot` is shown.
  func next(showing snapshot: TableSnapshot) -> RefreshProgress {
    let refreshing = snapshot.sections.contains { section in
      section.rows.contains { $0.id == StatusRows.refreshingID }
    }
    switch self {
    case .idle: return .idle
    case .sent, .shown: return refreshing ? .shown : self == .shown ? .idle : .sent
    }
  }
}
