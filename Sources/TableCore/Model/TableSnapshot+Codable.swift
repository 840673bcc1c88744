extension TableSnapshot: Codable {
  private enum CodingKeys: String, CodingKey {
    case sections
  }

  /// Encodes the snapshot in interchange form: `{"sections":[…]}` (see DESIGN.md), written
  /// by ``JSONValue``, the one interchange encoding.
  public func encode(to encoder: any Encoder) throws {
    try JSONValue(self).encode(to: encoder)
  }

  /// Decodes and validates a snapshot in interchange form; rows decode into
  /// ``FieldsModel``s with their fields sorted by name.
  ///
  /// - Throws: `DecodingError.dataCorrupted` for a duplicate section or row id (the
  ///   ``SnapshotError`` naming both positions is its underlying error and its coding path
  ///   leads to the second id), or a negative height; the decoder's own errors otherwise.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let sections = try container.decode([Section].self, forKey: .sections)
    do {
      self = try TableSnapshot(validating: sections)
    } catch {
      var path = container.codingPath + [CodingKeys.sections as any CodingKey]
      path.append(InterchangeKey(index: error.sectionIndex))
      if let position = error.rowPosition {
        path.append(InterchangeKey("rows"))
        path.append(InterchangeKey(index: position.row))
        path.append(InterchangeKey(error.isDuplicateID ? "id" : "height"))
      } else {
        path.append(InterchangeKey("id"))
      }
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: path, debugDescription: error.description, underlyingError: error))
    }
  }
}
