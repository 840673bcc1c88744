import TableCore

/// What the `photo` cell shows: a name and a title (seed E). Any model that conforms fills
/// the same cell; ``Photo`` and ``Album`` both do.
public protocol PhotoCellModel: CellModel {
  /// The name, shown in bold.
  var name: String { get }
  /// The title, shown below.
  var title: String { get }
}

extension PhotoCellModel {
  /// The cell kind every photo cell model is shown with.
  public static var kind: CellKind { "photo" }

  /// `name`, `title`.
  public var fields: [Field] { [Field("name", .text(name)), Field("title", .text(title))] }

  /// Fixed 80 points, as in seed E.
  public var height: Double { 80 }
}

extension Photo: PhotoCellModel {}

extension Album: PhotoCellModel {}
