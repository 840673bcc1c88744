import TableFlow

/// A user's profile. Every field may be missing: the backend decides which sections the page
/// shows (without `fullName`, no Main Info; without `pictureUrl`, Main Info shows the name and
/// no picture), and a profile without `id` shows what it has. Friends and attributes decode
/// one by one: an element that does not decode shows as a placeholder row.
public struct Profile: Codable, Hashable, Sendable {
  /// The backend's identifier, when it sent one (the page does not need it).
  public var id: Int?
  /// The full name.
  public var fullName: String?
  /// The picture's name or URL.
  public var pictureUrl: String?
  /// The e-mail address.
  public var email: String?
  /// A free-text description.
  public var about: String?
  /// The friends, in order.
  public var friends: TolerantArray<Friend>?
  /// Named attributes (date of birth, gender…), in order.
  public var profileAttributes: TolerantArray<ProfileAttribute>?

  /// Creates a profile.
  public init(
    id: Int?, fullName: String?, pictureUrl: String? = nil, email: String? = nil,
    about: String? = nil, friends: [Friend]? = nil, profileAttributes: [ProfileAttribute]? = nil
  ) {
    self.id = id
    self.fullName = fullName
    self.pictureUrl = pictureUrl
    self.email = email
    self.about = about
    self.friends = friends.map(TolerantArray.init)
    self.profileAttributes = profileAttributes.map(TolerantArray.init)
  }
}
