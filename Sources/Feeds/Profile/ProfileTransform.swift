import TableCore

/// The profile page (seed D): Main Info, About, Email, Attributes, Friends. A section whose
/// data is missing or empty is not shown: the backend decides what the page contains.
public enum ProfileTransform {
  /// The view-model items for `profile`, in display order: one per section that has data.
  public static func items(for profile: Profile) -> [any ProfileViewModelItem] {
    var items: [any ProfileViewModelItem] = [
      ProfileMainInfoItem(fullName: profile.fullName, pictureUrl: profile.pictureUrl ?? "")
    ]
    if let about = nonBlank(profile.about) { items.append(ProfileAboutItem(about: about)) }
    if let email = nonBlank(profile.email) { items.append(ProfileEmailItem(email: email)) }
    if let attributes = profile.profileAttributes, !attributes.isEmpty {
      items.append(ProfileAttributesItem(attributes: attributes))
    }
    if let friends = profile.friends, !friends.isEmpty { items.append(ProfileFriendsItem(friends: friends)) }
    return items
  }

  /// Builds the page; sections in `collapsed` keep their header and show no rows.
  ///
  /// When the backend sent no profile, the page shows its message instead. Rows that would
  /// share an id (two friends of one name) get `-2`, `-3`… suffixes.
  public static func snapshot(_ response: ProfileResponse, collapsed: Set<SectionID> = []) -> TableSnapshot {
    guard let profile = response.data else {
      let text = response.message.isEmpty ? "No profile (error \(response.error))" : response.message
      let cell = ProfileCell.message(text: text)
      return TableSnapshot(uncheckedSections: [
        Section(id: "message", rows: [cell.row(id: RowID(cell.rowIDBase))])
      ])
    }
    var ids = RowIDAllocator()
    var sections: [Section] = []
    for item in items(for: profile) where item.rowCount > 0 {
      let rows = item.cells.map { $0.row(id: ids.disambiguate($0.rowIDBase)) }
      let style: SectionStyle = item.type == .attributes || item.type == .friends ? .dynamic : .static
      let id = item.type.id
      sections.append(
        Section(
          id: id, header: item.sectionTitle, style: style, isCollapsed: collapsed.contains(id), rows: rows))
    }
    return TableSnapshot(uncheckedSections: sections)
  }

  private static func nonBlank(_ text: String?) -> String? {
    guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
    return text
  }
}
