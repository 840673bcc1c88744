import TableFlow

/// The friends, one row each.
public struct ProfileFriendsItem: ProfileViewModelItem {
  /// The friends, in order.
  public let friends: [Tolerant<Friend>]

  /// Creates the item.
  public init(friends: [Friend]) {
    self.friends = friends.map { .valid($0) }
  }

  /// Creates the item from friends that may not have decoded.
  public init(friends: TolerantArray<Friend>) {
    self.friends = friends.items
  }

  /// `friends`.
  public var type: ProfileSection { .friends }
  /// One row per friend.
  public var rowCount: Int { friends.count }
  /// The friend rows.
  public var cells: [ProfileCell] { friends.map(Self.cell) }

  /// The cell of one friend.
  static func cell(_ friend: Tolerant<Friend>) -> ProfileCell {
    switch friend {
    case .valid(let friend): .friend(name: friend.name, pictureUrl: friend.pictureUrl ?? "")
    case .invalid(let item): .invalid(item)
    }
  }
}
