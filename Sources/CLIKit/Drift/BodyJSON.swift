import TableCore

/// A response body's JSON as `tableflow drift` compares it: objects, arrays and the four kinds of
/// scalar, numbers compared as numbers (`4` and `4.0` are equal, both are `number`).
indirect enum BodyJSON: Hashable, Sendable, Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([BodyJSON])
  case object([String: BodyJSON])

  /// The name of a value's kind, as findings print it.
  enum Kind: String, Comparable, Sendable {
    case null, boolean, number, string, array, object

    static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  var kind: Kind {
    switch self {
    case .null: .null
    case .bool: .boolean
    case .number: .number
    case .string: .string
    case .array: .array
    case .object: .object
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let items = try? container.decode([BodyJSON].self) {
      self = .array(items)
    } else {
      self = .object(try container.decode([String: BodyJSON].self))
    }
  }

  /// The value in one short line for a finding: scalars as JSON, containers by their size.
  var summary: String {
    switch self {
    case .null: "null"
    case .bool(let flag): flag ? "true" : "false"
    case .number(let number):
      number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    case .string(let text): TextEscaping.quoted(text.count > 60 ? String(text.prefix(60)) + "…" : text)
    case .array(let items): items.count == 1 ? "1 item" : "\(items.count) items"
    case .object(let members):
      members.count == 1 ? "an object of 1 key" : "an object of \(members.count) keys"
    }
  }
}
