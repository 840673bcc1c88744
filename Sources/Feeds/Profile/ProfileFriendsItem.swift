/// The friends, one row each.
public struct ProfileFriendsItem: ProfileViewModelItem {
  /// The friends, in order.
  public let friends: [Friend]

  /// Creates the item.
  public init(friends: [Friend]) {
    self.friends = friends
  }

  /// `friends`.
  public var type: ProfileSection { .friends }
  /// One row per friend.
  public var rowCount: Int { friends.count }
  /// The friend rows.
  public var cells: [ProfileCell] { friends.map { .friend(name: $0.name, pictureUrl: $0.pictureUrl ?? "") } }
}
