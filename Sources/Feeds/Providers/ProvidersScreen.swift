import TableCore
import TableFlow

/// Seed B's demo screen: one array of providers drives the table, one section, each row a
/// ``TextProvider`` whose height the model computed. Subscribers of the pipeline's bus see
/// each presented row's `willDisplay` / `didUpdate` (`PipelineEvent.cellsUpdated(_:)`), as
/// the seed's adapter forwards cell events to its controller.
public struct ProvidersScreen: Screen {
  /// Creates the screen.
  public init() {}

  /// The one section.
  public static let sectionID: SectionID = "providers"

  /// `providers`.
  public var name: String { "providers" }

  /// `GET /api/providers`.
  public func requests(for load: ScreenLoad, state: ScreenState<ProviderList>) -> [ScreenRequest] {
    [.get("/api/providers")]
  }

  /// One row per provider: `provider-0`, `provider-1`, …
  public func sections(for state: ScreenState<ProviderList>) throws -> [Section] {
    guard let list = state.model else { return [] }
    // Built again only for another answer (a row's id is its place, so the list is the input).
    return state.sections("providers", from: list) { list in
      [Section(id: Self.sectionID, rows: Self.rows(of: list))]
    }
  }

  private static func rows(of list: ProviderList) -> [Row] {
    list.providers.enumerated().map { index, item in
      switch item {
      case .valid(let provider):
        return TextProvider(title: provider.title, text: provider.text).row(id: RowID("provider-\(index)"))
      case .invalid(let invalid):
        return invalid.row(id: RowID("provider-\(index)"))
      }
    }
  }
}
