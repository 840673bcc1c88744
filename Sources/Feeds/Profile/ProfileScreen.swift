import TableCore
import TableFlow

/// The profile page: Main Info, About, Email, Attributes, Friends, each only when the backend
/// sent its data; sections collapse and expand.
public struct ProfileScreen: Screen {
  /// The backend variant to ask for, if any.
  public let variant: String?

  /// Creates the screen.
  public init(variant: String? = nil) {
    self.variant = variant
  }

  /// `profile`.
  public var name: String { "profile" }

  /// Sections without rows are left out (seed D).
  public var hidesEmptySections: Bool { true }

  /// Two friends of one name both show: the second as `friend-NAME#2`, logged.
  public var duplicateIDPolicy: DuplicateIDPolicy { .disambiguate }

  /// `GET /api/profile`.
  public func requests(for load: ScreenLoad, state: ScreenState<ProfileResponse>) -> [ScreenRequest] {
    guard let variant else { return [.get("/api/profile")] }
    return [.get("/api/profile", query: ["variant": variant])]
  }

  /// The page, once the profile has arrived.
  public func sections(for state: ScreenState<ProfileResponse>) throws -> [Section] {
    guard let response = state.model else { return [] }
    // Each friend's row is built once and kept while the friend stays: a refresh that renames
    // a few friends builds only their rows (a long list's rows are most of the page).
    let friendRows = state.rows(
      "friends", of: response.data?.friends?.items ?? [], row: ProfileTransform.friendRow)
    // Built again only for another answer: a collapse or an equal refresh reuses them.
    return state.sections("profile", from: response) {
      ProfileTransform.sections($0, collapsed: [], friendRows: friendRows)
    }
  }

  /// Routed by kind: the e-mail row opens a `mailto:` link, the main info row toggles the
  /// About section (when the profile has one); other rows do nothing.
  public func route(_ row: Row, state: ScreenState<ProfileResponse>) -> Route {
    switch row.model.as(ProfileCell.self) {
    case .email(let address): return .open(link: "mailto:\(address)")
    case .mainInfo:
      let about = ProfileSection.about.id
      guard let profile = state.model?.data,
        ProfileTransform.items(for: profile).contains(where: { $0.type == .about })
      else { return .none }
      return .perform(state.collapsedSections.contains(about) ? .expand(about) : .collapse(about))
    default: return .none
    }
  }
}
