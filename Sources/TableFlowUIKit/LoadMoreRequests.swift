import TableCore
import TableFlow

/// The load-more requests a data source has sent and not yet seen answered, so that a
/// load-more row displayed or prefetched again sends nothing more.
///
/// A request is answered once the section's load-more row has changed (it shows that the page
/// is loading) and then is back as it was (the page arrived, or failed), or is gone.
struct LoadMoreRequests {
  private struct Request {
    let row: Row
    var sawChange = false
  }

  private var pending: [SectionID: Request] = [:]

  /// Whether to send `load-more` for `section`, whose load-more row is `row`; records it.
  mutating func shouldRequest(_ row: Row, of section: SectionID) -> Bool {
    guard pending[section] == nil else { return false }
    pending[section] = Request(row: row)
    return true
  }

  /// Updates the pending requests for a new snapshot shown.
  mutating func didShow(_ snapshot: TableSnapshot) {
    for (section, request) in pending {
      let row = snapshot.sections.first { $0.id == section }?.rows.last {
        $0.id == request.row.id
      }
      guard let row else {
        pending[section] = nil
        continue
      }
      if row != request.row {
        pending[section]?.sawChange = true
      } else if request.sawChange {
        pending[section] = nil
      }
    }
  }
}
