import TableCore

extension SpecCompiler {
  /// A section's `groupBy`: `key` (a template over the record), `order` (the keys whose groups
  /// come first, or `appearance`, `ascending`, `descending`), `titles` (`group.title` by key).
  /// The section's `id` is then a template that must read `group.key`.
  mutating func compileGrouping(
    _ value: SpecValue, _ path: String, id: String, idPath: String, params: Set<String>
  ) -> SpecGrouping? {
    guard let found = members(value, path, allowed: ["key", "order", "titles"]) else { return nil }
    let object = SpecValue.object(found)
    let key = template(object["key"], path + ".key", roots: [.item, .params, .position], params: params)
    if object["key"] == nil {
      fail(path, "missing key 'key' (the field to group by, such as \"${item.status}\")")
    }
    var first: [String] = []
    var order = SpecGrouping.Order.appearance
    switch object["order"] {
    case nil: break
    case .string(let name)?:
      guard let named = SpecGrouping.Order(rawValue: name) else {
        let known = SpecGrouping.Order.allCases.map(\.rawValue).joined(separator: ", ")
        fail(
          path + ".order",
          "unknown order '\(TextEscaping.echoed(name, limit: 20))' (expected: \(known), or a list of keys)")
        break
      }
      order = named
    case let other?:
      for (index, element) in (array(other, path + ".order") ?? []).enumerated() {
        guard let text = string(element, Self.element(path + ".order", index)) else { continue }
        if first.contains(text) {
          fail(
            Self.element(path + ".order", index),
            "key '\(TextEscaping.echoed(text, limit: 40))' is listed twice")
        }
        first.append(text)
      }
    }
    var titles: [String: String] = [:]
    for member in members(object["titles"], path + ".titles", allowed: object["titles"]?.objectKeys ?? [])
      ?? []
    {
      if let title = string(member.value, Self.child(path + ".titles", member.key)) {
        titles[member.key] = title
      }
    }
    let sectionID = template(.string(id), idPath, roots: [.group, .params], params: params)
    if let sectionID, !sectionID.paths.contains(where: { $0.root == .group && $0.steps == [.key("key")] }) {
      fail(idPath, "a grouped section's id reads ${group.key}, so that each group's section has its own")
    }
    guard let key, let sectionID else { return nil }
    return SpecGrouping(key: key, first: first, order: order, titles: titles, id: sectionID)
  }
}
