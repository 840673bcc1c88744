#if canImport(UIKit)
import FriendsFeed
import TableCore
import TableFlow
import TableFlowUIKit
import UIKit

/// The friends screen in an iOS app: TableFlowUIKit's data source registers the cells, answers
/// the table, applies each update with animations and sends the user's actions to the
/// pipeline (selection, pull to refresh). Type-checked on Linux by tools/check-uikit.sh.
@MainActor
public final class FriendsViewController: UITableViewController {
  private let pipeline: Pipeline
  private var source: TableViewDataSource?
  private var updates: Task<Void, Never>?

  /// A controller showing the root screen of `pipeline` (a ``FriendsFeed`` pipeline).
  public init(pipeline: Pipeline) {
    self.pipeline = pipeline
    super.init(style: .insetGrouped)
  }

  /// Not made from a storyboard.
  public required init?(coder: NSCoder) { nil }

  /// Registers the cells, installs the data source and the refresh control, and applies the
  /// root screen's updates (conflated: a busy main thread never holds the stages back) until
  /// the pipeline ends.
  public override func viewDidLoad() {
    super.viewDidLoad()
    var registry = CellRegistry<UITableViewCell>()
    registry.register("name", cell: UITableViewCell.self) { (cell, model: NameCell) in
      var content = cell.defaultContentConfiguration()
      content.text = model.name
      cell.contentConfiguration = content
    }
    for kind in [
      StatusRows.loadingKind, StatusRows.errorKind, StatusRows.emptyKind, StatusRows.refreshingKind,
    ] {
      registry.register(kind, cell: UITableViewCell.self) { (cell, model: FieldsModel) in
        var content = cell.defaultContentConfiguration()
        content.text = model.fields.first.map { field in
          if case .text(let text) = field.value { text } else { field.value.description }
        }
        cell.contentConfiguration = content
      }
    }
    let source = TableViewDataSource(tableView: tableView, registry: registry, sink: .pipeline(pipeline))
    source.attach(UIRefreshControl())
    self.source = source
    let pipeline = pipeline
    pipeline.send(.load)
    updates = Task {
      do {
        for try await update in pipeline.updates(for: pipeline.rootScreen) {
          try source.apply(update)
        }
      } catch {
        print("friends: \(error)")
      }
    }
  }
}
#endif
