import Foundation

@testable import Feeds

/// A validator for the subset of JSON Schema (draft 2020-12) that
/// `Examples/Specs/tableflow-spec.schema.json` uses, over ``SpecValue``: `$ref` (to `#/$defs/…`),
/// `type`, `const`, `enum`, `properties`, `required`, `additionalProperties`, `propertyNames`,
/// `minProperties`, `maxProperties`, `items`, `minItems`, `maxItems`, `uniqueItems`, `pattern`, `maxLength`,
/// `minimum`, `maximum`, `oneOf`, `not`; `$schema`, `$id`, `title` and `description` are annotations.
/// A keyword outside this subset is an error, so the schema cannot grow past what is checked.
struct SpecSchemaValidator {
  static let keywords: Set<String> = [
    "$ref", "type", "const", "enum", "properties", "required", "additionalProperties", "propertyNames",
    "minProperties", "maxProperties", "items", "minItems", "maxItems", "uniqueItems", "pattern", "maxLength",
    "minimum",
    "maximum", "oneOf", "not",
  ]
  static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]

  let root: SpecValue

  /// The problems of `instance`, each `path: cause`; empty when it is valid.
  func problems(of instance: SpecValue) -> [String] {
    var problems: [String] = []
    check(instance, against: root, at: "$", into: &problems)
    return problems
  }

  /// The schema `#/$defs/NAME` names.
  func resolve(_ reference: String) -> SpecValue? {
    if reference == "#" { return root }
    guard reference.hasPrefix("#/") else { return nil }
    var node = root
    for step in reference.dropFirst(2).split(separator: "/") {
      if case .array(let elements) = node, let index = Int(step), elements.indices.contains(index) {
        node = elements[index]
      } else if let next = node[String(step)] {
        node = next
      } else {
        return nil
      }
    }
    return node
  }

  private func check(
    _ value: SpecValue, against schema: SpecValue, at path: String, into problems: inout [String]
  ) {
    guard case .object(let members) = schema else {
      if schema == .bool(false) { problems.append("\(path): not allowed") }
      return
    }
    for member in members where !Self.keywords.contains(member.key) && !Self.annotations.contains(member.key)
    {
      problems.append("\(path): the validator does not know the keyword '\(member.key)'")
    }
    if case .string(let reference)? = schema["$ref"] {
      guard let target = resolve(reference) else {
        problems.append("\(path): unresolvable $ref \(reference)")
        return
      }
      check(value, against: target, at: path, into: &problems)
    }
    if let type = schema["type"] {
      let types: [String]
      switch type {
      case .string(let one): types = [one]
      case .array(let many): types = many.compactMap { if case .string(let t) = $0 { t } else { nil } }
      default: types = []
      }
      if !types.contains(where: { Self.has(value, type: $0) }) {
        problems.append(
          "\(path): expected \(types.joined(separator: " or ")), found \(value.kindDescription)")
        return
      }
    }
    if let constant = schema["const"], !Self.equal(constant, value) {
      problems.append("\(path): expected the constant \(constant.scalarText ?? "value")")
    }
    if case .array(let options)? = schema["enum"], !options.contains(where: { Self.equal($0, value) }) {
      problems.append("\(path): \(value.scalarText ?? value.kindDescription) is not one of the schema's enum")
    }
    if case .array(let options)? = schema["oneOf"] {
      let results = options.map { option in
        var inner: [String] = []
        check(value, against: option, at: path, into: &inner)
        return inner
      }
      let matching = results.filter(\.isEmpty).count
      // No match: the problems of the one option of the value's type, when there is one.
      let sameType = results.filter { !$0.contains { $0.hasPrefix("\(path): expected ") } }
      if matching == 0 && sameType.count == 1 {
        problems += sameType[0]
      } else if matching != 1 {
        problems.append("\(path): matches \(matching) of oneOf's schemas, not 1")
      }
    }
    if let negated = schema["not"] {
      var inner: [String] = []
      check(value, against: negated, at: path, into: &inner)
      if inner.isEmpty { problems.append("\(path): matches the schema under 'not'") }
    }
    switch value {
    case .object(let members): checkObject(members, against: schema, at: path, into: &problems)
    case .array(let elements):
      if let minimum = Self.integer(schema["minItems"]), elements.count < minimum {
        problems.append("\(path): fewer than \(minimum) elements")
      }
      if let maximum = Self.integer(schema["maxItems"]), elements.count > maximum {
        problems.append("\(path): more than \(maximum) elements")
      }
      if schema["uniqueItems"] == .bool(true),
        elements.indices.contains(where: { i in elements[..<i].contains { Self.equal($0, elements[i]) } })
      {
        problems.append("\(path): an element is listed twice")
      }
      if let items = schema["items"] {
        for (index, element) in elements.enumerated() {
          check(element, against: items, at: "\(path)[\(index)]", into: &problems)
        }
      }
    case .string(let text):
      if let maximum = Self.integer(schema["maxLength"]), text.count > maximum {
        problems.append("\(path): longer than \(maximum) characters")
      }
      if case .string(let pattern)? = schema["pattern"], !Self.matches(text, pattern) {
        problems.append("\(path): '\(text)' does not match \(pattern)")
      }
    case .integer, .number:
      let number = Self.double(value) ?? 0
      if let minimum = Self.double(schema["minimum"]), number < minimum {
        problems.append("\(path): below \(minimum)")
      }
      if let maximum = Self.double(schema["maximum"]), number > maximum {
        problems.append("\(path): above \(maximum)")
      }
    case .null, .bool: break
    }
  }

  private func checkObject(
    _ members: [SpecMember], against schema: SpecValue, at path: String, into problems: inout [String]
  ) {
    let properties = schema["properties"]
    if case .array(let required)? = schema["required"] {
      for case .string(let key) in required where !members.contains(where: { $0.key == key }) {
        problems.append("\(path): missing required '\(key)'")
      }
    }
    if let minimum = Self.integer(schema["minProperties"]), members.count < minimum {
      problems.append("\(path): fewer than \(minimum) members")
    }
    if let maximum = Self.integer(schema["maxProperties"]), members.count > maximum {
      problems.append("\(path): more than \(maximum) members")
    }
    for member in members {
      let at = SpecCompiler.child(path, member.key)
      if let names = schema["propertyNames"] {
        check(.string(member.key), against: names, at: at, into: &problems)
      }
      if let property = properties?[member.key] {
        check(member.value, against: property, at: at, into: &problems)
      } else if let additional = schema["additionalProperties"] {
        if additional == .bool(false) {
          problems.append("\(at): not a property the schema allows")
        } else {
          check(member.value, against: additional, at: at, into: &problems)
        }
      }
    }
  }

  static func has(_ value: SpecValue, type: String) -> Bool {
    switch (type, value) {
    case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null):
      true
    case ("number", .integer), ("number", .number), ("integer", .integer): true
    case ("integer", .number(let number)): number.rounded() == number
    default: false
    }
  }

  /// JSON equality: `1` and `1.0` are the same number.
  static func equal(_ a: SpecValue, _ b: SpecValue) -> Bool {
    if let x = double(a), let y = double(b) { return x == y }
    return a == b
  }

  static func double(_ value: SpecValue?) -> Double? {
    switch value {
    case .integer(let whole)?: Double(whole)
    case .number(let number)?: number
    default: nil
    }
  }

  static func integer(_ value: SpecValue?) -> Int? { double(value).map { Int($0) } }

  static func matches(_ text: String, _ pattern: String) -> Bool {
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
    let range = NSRange(text.startIndex..., in: text)
    return expression.firstMatch(in: text, range: range) != nil
  }
}
