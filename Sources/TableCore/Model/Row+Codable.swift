extension Row: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, kind, height, fields
  }

  /// Encodes the row in interchange form: `{"id","kind","height","fields":{…}}`, written by
  /// ``JSONValue`` (the one interchange encoding), keys in sorted order.
  public func encode(to encoder: any Encoder) throws {
    try JSONValue(self).encode(to: encoder)
  }

  /// Decodes a row from interchange form into a ``FieldsModel``.
  ///
  /// A JSON object does not keep the order of its keys, so the fields are sorted by name:
  /// decoding is deterministic whatever order the decoder reports. `fields` may be absent
  /// (no fields); `id`, `kind` and `height` are required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let id = try container.decode(RowID.self, forKey: .id)
    let kind = try container.decode(CellKind.self, forKey: .kind)
    let height = try container.decode(Double.self, forKey: .height)
    var fields: [Field] = []
    if container.contains(.fields) {
      let fieldsContainer = try container.nestedContainer(
        keyedBy: InterchangeKey.self, forKey: .fields)
      let names = fieldsContainer.allKeys.sorted { $0.stringValue < $1.stringValue }
      fields.reserveCapacity(names.count)
      for name in names {
        fields.append(Field(name.stringValue, try fieldsContainer.decode(FieldValue.self, forKey: name)))
      }
    }
    self.init(id: id, kind: kind, model: FieldsModel(fields: fields, height: height))
  }
}
