#if canImport(UIKit)
// The README's UIKit example, as it is written there: type-checked on Linux by
// tools/check-uikit.sh against the stand-in UIKit (TableDataSourceTests runs the same calls
// over HeadlessTableView).
import Feeds
import TableCore
import TableFlow
import TableFlowUIKit
import UIKit

final class BookCell: UITableViewCell {
  func show(title: String, authors: String) {
    var content = defaultContentConfiguration()
    content.text = title
    content.secondaryText = authors
    contentConfiguration = content
  }
}

@MainActor
final class BooksViewController: UITableViewController {
  let pipeline: Pipeline
  var source: TableViewDataSource?

  init(pipeline: Pipeline) {
    self.pipeline = pipeline
    super.init(style: .plain)
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    var cells = CellRegistry<UITableViewCell>()
    cells.register("bookInfo", cell: BookCell.self) { (cell, book: BookInfoCellModel) in
      cell.show(title: book.title, authors: book.authors)
    }
    let source = TableViewDataSource(tableView: tableView, registry: cells, sink: .pipeline(pipeline))
    source.attach(UIRefreshControl())  // pull to refresh sends `refresh`
    self.source = source
    let pipeline = pipeline
    pipeline.send(.load)
    Task {
      // This screen's updates; a busy main thread gets the newest snapshot, never stalls the stages.
      for try await update in pipeline.updates(for: pipeline.rootScreen) {
        try source.apply(update)  // the data and the table, animated
      }
    }
  }
}
#endif
