import TableCore
import TableFlow

/// The profile page (seed D): Main Info, About, Email, Attributes, Friends. A section whose
/// data is missing or empty is not shown: the backend decides what the page contains.
public enum ProfileTransform {
  /// The view-model items for `profile`, in display order: one per section that has data.
  public static func items(for profile: Profile) -> [any ProfileViewModelItem] {
    var items: [any ProfileViewModelItem] = []
    if let fullName = nonBlank(profile.fullName) {
      items.append(ProfileMainInfoItem(fullName: fullName, pictureUrl: profile.pictureUrl ?? ""))
    }
    if let about = nonBlank(profile.about) { items.append(ProfileAboutItem(about: about)) }
    if let email = nonBlank(profile.email) { items.append(ProfileEmailItem(email: email)) }
    if let attributes = profile.profileAttributes, !attributes.isEmpty {
      items.append(ProfileAttributesItem(attributes: attributes))
    }
    if let friends = profile.friends, !friends.isEmpty { items.append(ProfileFriendsItem(friends: friends)) }
    return items
  }

  /// The page's sections, as the screen hands them to the pipeline: rows that share an id (two
  /// friends of one name) keep it, and the screen's `DuplicateIDPolicy.disambiguate` renames
  /// the later ones `friend-NAME#2`, `#3`… and logs it.
  ///
  /// When the backend sent no profile, the page shows its message instead.
  public static func sections(_ response: ProfileResponse, collapsed: Set<SectionID> = []) -> [Section] {
    sections(response, collapsed: collapsed, friendRows: nil)
  }

  /// The row of one friend, as ``sections(_:collapsed:)`` makes it.
  static func friendRow(_ friend: Tolerant<Friend>) -> Row {
    let cell = ProfileFriendsItem.cell(friend)
    return cell.row(id: RowID(cell.rowIDBase))
  }

  /// ``sections(_:collapsed:)`` with the friends section's rows given (made by
  /// ``friendRow(_:)`` for the response's friends, in order), when they are.
  static func sections(
    _ response: ProfileResponse, collapsed: Set<SectionID>, friendRows: [Row]?
  ) -> [Section] {
    guard let profile = response.data else {
      let text = response.message.isEmpty ? "No profile (error \(response.error))" : response.message
      let cell = ProfileCell.message(text: text)
      return [Section(id: "message", rows: [cell.row(id: RowID(cell.rowIDBase))])]
    }
    var sections: [Section] = []
    for item in items(for: profile) where item.rowCount > 0 {
      let rows =
        if item.type == .friends, let friendRows { friendRows } else {
          item.cells.map { $0.row(id: RowID($0.rowIDBase)) }
        }
      let style: SectionStyle = item.type == .attributes || item.type == .friends ? .dynamic : .static
      let id = item.type.id
      sections.append(
        Section(
          id: id, header: item.sectionTitle, style: style, isCollapsed: collapsed.contains(id), rows: rows))
    }
    return sections
  }

  /// Builds the page as the screen shows it; sections in `collapsed` keep their header and
  /// show no rows, and rows that would share an id get `#2`, `#3`… suffixes.
  public static func snapshot(_ response: ProfileResponse, collapsed: Set<SectionID> = []) -> TableSnapshot {
    let sections = sections(response, collapsed: collapsed)
    var builder = SnapshotBuilder(policy: .disambiguate)
    for section in sections { builder.appendSection(section) }
    // Heights come from CellLayout and are always finite: the build cannot fail.
    return (try? builder.build()) ?? TableSnapshot(uncheckedSections: sections)
  }

  private static func nonBlank(_ text: String?) -> String? {
    guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
    return text
  }
}
