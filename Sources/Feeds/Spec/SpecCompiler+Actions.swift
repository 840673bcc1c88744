import TableCore

extension SpecCompiler {
  /// A screen's `actions`, by name: each a request (`method`, `path`, `query`, `headers`,
  /// `body`: templates over the row's record and the parameters) and at most one change,
  /// `move` (a section id) or `set` (members of the record).
  mutating func compileActions(
    _ value: SpecValue?, _ path: String, params: Set<String>
  ) -> [String: SpecAction] {
    guard let named = members(value, path, allowed: value?.objectKeys ?? []) else { return [:] }
    var actions: [String: SpecAction] = [:]
    let roots: Set<SpecPath.Root> = [.item, .params, .position]
    for member in named {
      let at = Self.child(path, member.key)
      guard Self.isFeedName(member.key) else {
        fail(at, "an action name is 1 to 64 letters, digits, '-' or '_'")
        continue
      }
      guard
        let found = members(
          member.value, at, allowed: ["method", "path", "query", "headers", "body", "move", "set"])
      else { continue }
      let object = SpecValue.object(found)
      let request = requestTemplate(
        object, at, method: "POST", missingPath: "missing key 'path' (the request the action sends)",
        roots: roots, params: params)
      var change = SpecAction.Change.none
      if object["move"] != nil && object["set"] != nil {
        fail(at, "an action makes one change: 'move' or 'set', not both")
      } else if let move = object["move"] {
        if let target = template(move, at + ".move", roots: roots, params: params) { change = .move(target) }
      } else if let set = object["set"] {
        if let values = members(set, at + ".set", allowed: set.objectKeys) {
          if values.isEmpty { fail(at + ".set", "'set' names at least one member of the record") }
          change = .set(values)
        }
      }
      guard let request else { continue }
      actions[member.key] = SpecAction(name: member.key, request: request, change: change)
    }
    return actions
  }

  /// A prototype's `fields`, in order: a template (text), or `{"value", "type", "optional"}`.
  mutating func compileFields(
    _ value: SpecValue?, _ path: String, roots: Set<SpecPath.Root>, params: Set<String>
  ) -> [SpecField] {
    guard let found = members(value, path, allowed: value?.objectKeys ?? []) else { return [] }
    var fields: [SpecField] = []
    for member in found {
      let at = Self.child(path, member.key)
      guard case .object = member.value else {
        if let compiled = template(member.value, at, roots: roots, params: params) {
          fields.append(SpecField(name: member.key, value: compiled))
        }
        continue
      }
      guard let parts = members(member.value, at, allowed: ["value", "type", "optional"]) else { continue }
      let object = SpecValue.object(parts)
      let compiled = template(object["value"], at + ".value", roots: roots, params: params)
      if object["value"] == nil { fail(at, "missing key 'value' (the field's template)") }
      var kind = SpecField.Kind.text
      if let name = string(object["type"], at + ".type") {
        if let known = SpecField.Kind(rawValue: name) {
          kind = known
        } else {
          let names = SpecField.Kind.allCases.map(\.rawValue).joined(separator: ", ")
          fail(at + ".type", "unknown type '\(TextEscaping.echoed(name, limit: 20))' (expected: \(names))")
        }
      }
      guard let compiled else { continue }
      fields.append(
        SpecField(
          name: member.key, value: compiled, kind: kind,
          isOptional: bool(object["optional"], at + ".optional") ?? false))
    }
    return fields
  }
}
