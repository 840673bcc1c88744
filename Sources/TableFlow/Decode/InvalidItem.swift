import FixtureKit
import TableCore

/// An element of a ``TolerantArray`` that did not decode: where it is and why.
public struct InvalidItem: Hashable, Sendable {
  /// The element's index in its array.
  public let index: Int
  /// The coding path of the value at fault, from the document's root:
  /// `collections[12].book.title`.
  public let path: String
  /// What was wrong, in a few words: `missing key 'title'`, `expected String, found a number`.
  public let reason: String

  /// Creates an item.
  public init(index: Int, path: String, reason: String) {
    self.index = index
    self.path = path
    self.reason = reason
  }

  /// The item for a decoding error of the element at `index`.
  public init(_ error: DecodingError, index: Int) {
    self.index = index
    switch error {
    case .keyNotFound(let key, let context):
      path = Self.path(context.codingPath + [key])
      reason = "missing key '\(key.stringValue)'"
    case .typeMismatch(let type, let context):
      path = Self.path(context.codingPath)
      reason = "expected \(type), found another type"
    case .valueNotFound(let type, let context):
      path = Self.path(context.codingPath)
      reason = "expected \(type), found null"
    case .dataCorrupted(let context):
      path = Self.path(context.codingPath)
      reason = context.debugDescription
    @unknown default:
      path = ""
      reason = "\(error)"
    }
  }

  /// The kind of placeholder rows: `tableflow.invalid`.
  public static let kind: CellKind = "tableflow.invalid"

  /// A placeholder row showing the item's path and reason, so the rest of the page still shows.
  public func row(id: RowID) -> Row {
    Row(
      id: id, kind: Self.kind,
      model: FieldsModel(
        fields: [Field("path", .text(path)), Field("reason", .text(reason))], height: StatusRows.height))
  }

  /// `collections[12].book.title`.
  static func path(_ keys: [any CodingKey]) -> String { CodingPathText.text(keys) }
}
