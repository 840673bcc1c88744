/// Name and picture.
public struct ProfileMainInfoItem: ProfileViewModelItem {
  /// The full name.
  public let fullName: String
  /// The picture's name or URL.
  public let pictureUrl: String

  /// Creates the item.
  public init(fullName: String, pictureUrl: String) {
    self.fullName = fullName
    self.pictureUrl = pictureUrl
  }

  /// `mainInfo`.
  public var type: ProfileSection { .mainInfo }
  /// One main info row.
  public var cells: [ProfileCell] { [.mainInfo(fullName: fullName, pictureUrl: pictureUrl)] }
}
