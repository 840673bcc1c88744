import TableCore

/// The profile page's sections, in display order (seed D's item types).
public enum ProfileSection: String, CaseIterable, Hashable, Sendable {
  /// Name and picture.
  case mainInfo = "main-info"
  /// The description.
  case about
  /// The e-mail address.
  case email
  /// One row per attribute.
  case attributes
  /// One row per friend.
  case friends

  /// The header title.
  public var title: String {
    switch self {
    case .mainInfo: return "Main Info"
    case .about: return "About"
    case .email: return "Email"
    case .attributes: return "Attributes"
    case .friends: return "Friends"
    }
  }

  /// The section's id.
  public var id: SectionID { SectionID(rawValue) }
}
