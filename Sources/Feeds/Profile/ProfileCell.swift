import TableCore
import TableFlow

/// A row of the profile page; each case is its own cell kind, and selection is routed by it
/// (seed D: switch on the item type, never on the index path).
public enum ProfileCell: CellModel {
  /// Name and picture.
  case mainInfo(fullName: String, pictureUrl: String)
  /// The free-text description.
  case about(text: String)
  /// The e-mail address.
  case email(address: String)
  /// A named attribute.
  case attribute(key: String, value: String)
  /// A friend.
  case friend(name: String, pictureUrl: String)
  /// The backend's message when it sent no profile.
  case message(text: String)
  /// A list element that did not decode: a placeholder with its coding path.
  case invalid(InvalidItem)

  /// The cell kind (reuse identifier) of this row.
  public var kind: CellKind {
    switch self {
    case .mainInfo: return "mainInfo"
    case .about: return "about"
    case .email: return "email"
    case .attribute: return "attribute"
    case .friend: return "friend"
    case .message: return MessageCellModel.kind
    case .invalid: return InvalidItem.kind
    }
  }

  /// The associated values in declaration order.
  public var fields: [Field] {
    switch self {
    case .mainInfo(let fullName, let pictureUrl):
      return [Field("fullName", .text(fullName)), Field("pictureUrl", .text(pictureUrl))]
    case .about(let text): return [Field("text", .text(text))]
    case .email(let address): return [Field("address", .text(address))]
    case .attribute(let key, let value): return [Field("key", .text(key)), Field("value", .text(value))]
    case .friend(let name, let pictureUrl):
      return [Field("name", .text(name)), Field("pictureUrl", .text(pictureUrl))]
    case .message(let text): return [Field("text", .text(text))]
    case .invalid(let item): return item.row(id: "").fields
    }
  }

  /// Main info 100 points (the picture), friends 60, text rows as tall as their text.
  public var height: Double {
    switch self {
    case .invalid(let item): return item.row(id: "").height
    case .mainInfo: return 100
    case .friend: return 60
    case .about(let text), .message(let text): return CellLayout.height([.init(text: text, fontSize: 15)])
    case .email(let address): return CellLayout.height([.init(text: address, fontSize: 15, maxLines: 1)])
    case .attribute(let key, let value):
      return CellLayout.height([.init(text: key + ": " + value, fontSize: 15, maxLines: 2)])
    }
  }

  /// The id of the row showing this cell, before disambiguation: `profile-main`,
  /// `profile-about`, `profile-email`, `attribute-KEY`, `friend-NAME`, `profile-message`,
  /// `invalid-PATH` (`invalid-data.friends[1].name`).
  public var rowIDBase: String {
    switch self {
    case .mainInfo: return "profile-main"
    case .about: return "profile-about"
    case .email: return "profile-email"
    // Concatenated, not interpolated: an interpolation's storage is made with room to spare,
    // and a profile keeps one id per friend (200,000 long names: 83 MB instead of about 50).
    case .attribute(let key, _): return "attribute-" + key
    case .friend(let name, _): return "friend-" + name
    case .message: return "profile-message"
    case .invalid(let item): return "invalid-\(item.path)"
    }
  }

  /// A row showing this cell.
  public func row(id: RowID) -> Row { Row(id: id, kind: kind, model: self) }
}
