/// The answer of `GET /api/profile` (seed D): the profile inside the backend's envelope.
public struct ProfileResponse: Codable, Hashable, Sendable {
  /// The profile, absent when the backend reports an error.
  public var data: Profile?
  /// The backend's error code; 0 means success.
  public var error: Int
  /// The backend's message, e.g. `Success`.
  public var message: String

  /// Creates a response.
  public init(data: Profile?, error: Int = 0, message: String = "Success") {
    self.data = data
    self.error = error
    self.message = message
  }
}

/// A user's profile. Everything but the identity may be missing: the backend decides which
/// sections the page shows.
public struct Profile: Codable, Hashable, Sendable {
  /// The backend's identifier.
  public var id: Int
  /// The full name.
  public var fullName: String
  /// The picture's name or URL.
  public var pictureUrl: String?
  /// The e-mail address.
  public var email: String?
  /// A free-text description.
  public var about: String?
  /// The friends, in order.
  public var friends: [Friend]?
  /// Named attributes (date of birth, gender…), in order.
  public var profileAttributes: [ProfileAttribute]?

  /// Creates a profile.
  public init(
    id: Int, fullName: String, pictureUrl: String? = nil, email: String? = nil,
    about: String? = nil, friends: [Friend]? = nil, profileAttributes: [ProfileAttribute]? = nil
  ) {
    self.id = id
    self.fullName = fullName
    self.pictureUrl = pictureUrl
    self.email = email
    self.about = about
    self.friends = friends
    self.profileAttributes = profileAttributes
  }
}

/// A friend shown on the profile.
public struct Friend: Codable, Hashable, Sendable {
  /// The friend's name.
  public var name: String
  /// The friend's picture's name or URL.
  public var pictureUrl: String?

  /// Creates a friend.
  public init(name: String, pictureUrl: String? = nil) {
    self.name = name
    self.pictureUrl = pictureUrl
  }
}

/// A named attribute of a profile, such as `Gender: male`.
public struct ProfileAttribute: Codable, Hashable, Sendable {
  /// The attribute's name.
  public var key: String
  /// The attribute's value.
  public var value: String

  /// Creates an attribute.
  public init(key: String, value: String) {
    self.key = key
    self.value = value
  }
}
