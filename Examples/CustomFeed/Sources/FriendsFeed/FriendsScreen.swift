import TableCore
import TableFlow

/// The backend's answer, mirroring its JSON: `{"data":{"fullName":…,"friends":[{"name":…}]}}`.
public struct ProfileResponse: Decodable, Sendable {
  /// The profile.
  public struct Profile: Decodable, Sendable {
    /// The person's name.
    public let fullName: String
    /// The friends, absent for a profile without any.
    public let friends: [Friend]?
  }

  /// One friend.
  public struct Friend: Decodable, Sendable {
    /// The friend's name, unique in the list.
    public let name: String
  }

  /// The payload.
  public let data: Profile
}

/// A row showing one name.
public struct NameCell: CellModel {
  /// The name shown.
  public let name: String
  /// The fields a log shows, in order.
  public var fields: [Field] { [Field("name", .text(name))] }
  /// The row's height in points.
  public var height: Double { 44 }
}

/// The friends screen: the person, then one row per friend.
public struct FriendsScreen: Screen {
  /// The screen's name in logs.
  public var name: String { "friends" }

  /// Loads the profile.
  public func requests(for load: ScreenLoad, state: ScreenState<ProfileResponse>) -> [ScreenRequest] {
    [.get("/api/profile")]
  }

  /// The person's section and the friends' section.
  public func sections(for state: ScreenState<ProfileResponse>) throws -> [Section] {
    guard let profile = state.model?.data else { return [] }
    let friends = (profile.friends ?? []).map {
      Row(
        id: RowID("friend-" + $0.name.lowercased().split(separator: " ").joined(separator: "-")),
        kind: "name", model: NameCell(name: $0.name))
    }
    return [
      Section(
        id: "me", header: "Me", rows: [Row(id: "me", kind: "name", model: NameCell(name: profile.fullName))]),
      Section(id: "friends", header: "Friends", footer: "\(friends.count) friends", rows: friends),
    ]
  }
}
