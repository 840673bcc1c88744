import TableCore

/// The profile page (seed D): Main Info, About, Email, Attributes, Friends. A section whose
/// data is missing or empty is not shown: the backend decides what the page contains.
public enum ProfileTransform {
  /// Builds the page; sections in `collapsed` keep their header and show no rows.
  ///
  /// When the backend sent no profile, the page shows its message instead.
  public static func snapshot(_ response: ProfileResponse, collapsed: Set<SectionID> = []) -> TableSnapshot {
    guard let profile = response.data else {
      let text = response.message.isEmpty ? "No profile (error \(response.error))" : response.message
      return TableSnapshot(uncheckedSections: [
        Section(id: "message", rows: [ProfileCell.message(text: text).row(id: "profile-message")])
      ])
    }
    var ids = RowIDAllocator()
    var sections: [Section] = []
    for kind in ProfileSection.allCases {
      let rows = rows(of: kind, in: profile, ids: &ids)
      guard !rows.isEmpty else { continue }
      let style: SectionStyle = kind == .attributes || kind == .friends ? .dynamic : .static
      sections.append(
        Section(
          id: kind.id, header: kind.title, style: style, isCollapsed: collapsed.contains(kind.id), rows: rows)
      )
    }
    return TableSnapshot(uncheckedSections: sections)
  }

  private static func rows(
    of section: ProfileSection, in profile: Profile, ids: inout RowIDAllocator
  ) -> [Row] {
    switch section {
    case .mainInfo:
      let cell = ProfileCell.mainInfo(fullName: profile.fullName, pictureUrl: profile.pictureUrl ?? "")
      return [cell.row(id: ids.disambiguate("profile-main"))]
    case .about:
      guard let about = nonBlank(profile.about) else { return [] }
      return [ProfileCell.about(text: about).row(id: ids.disambiguate("profile-about"))]
    case .email:
      guard let email = nonBlank(profile.email) else { return [] }
      return [ProfileCell.email(address: email).row(id: ids.disambiguate("profile-email"))]
    case .attributes:
      return (profile.profileAttributes ?? []).map { attribute in
        ProfileCell.attribute(key: attribute.key, value: attribute.value)
          .row(id: ids.disambiguate("attribute-\(attribute.key)"))
      }
    case .friends:
      return (profile.friends ?? []).map { friend in
        ProfileCell.friend(name: friend.name, pictureUrl: friend.pictureUrl ?? "")
          .row(id: ids.disambiguate("friend-\(friend.name)"))
      }
    }
  }

  private static func nonBlank(_ text: String?) -> String? {
    guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
    return text
  }
}
