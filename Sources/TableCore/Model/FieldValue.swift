/// One field of a cell model as logs and interchange JSON show it.
public struct Field: Hashable, Sendable {
  /// The field's name, as declared in the model.
  public let name: String
  /// The field's value.
  public let value: FieldValue

  /// Creates a field.
  public init(_ name: String, _ value: FieldValue) {
    self.name = name
    self.value = value
  }
}

/// A field's value: the JSON scalars a cell model may show.
public enum FieldValue: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Text.
  case text(String)
  /// A whole number.
  case integer(Int)
  /// A number with a fraction.
  case number(Double)
  /// A flag.
  case bool(Bool)
  /// No value (an optional field that is absent).
  case null

  /// Decodes a JSON scalar.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let whole = try? container.decode(Int.self) {
      self = .integer(whole)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else {
      self = .text(try container.decode(String.self))
    }
  }

  /// Encodes the value as a JSON scalar.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .text(let text): try container.encode(text)
    case .integer(let whole): try container.encode(whole)
    case .number(let number): try container.encode(number)
    case .bool(let flag): try container.encode(flag)
    case .null: try container.encodeNil()
    }
  }

  /// The value as the text log prints it: strings quoted, `null` for no value.
  public var description: String {
    switch self {
    case .text(let text): return "\"\(text)\""
    case .integer(let whole): return String(whole)
    case .number(let number): return String(number)
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    }
  }
}
