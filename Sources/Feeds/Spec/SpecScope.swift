/// What the variables of a template stand for where it is filled.
struct SpecScope: Sendable {
  /// The record (`item`), if the template is a row prototype's.
  var item: SpecValue?
  /// The steps from the answer's root to the record, for the paths of invalid rows.
  var itemSteps: [SpecPath.Step] = []
  /// The screen's parameters (`params`).
  var params: [String: String]
  /// `position.page`, `position.index`.
  var position: (page: Int, index: Int)?
  /// `position.path`: the coding path at fault, while an invalid row's id is made.
  var faultPath: String?
  /// `page.offset`, `page.index`, `page.number`, `page.cursor`.
  var page: SpecPageScope?
  /// `section.total` (when known), `section.loaded`.
  var section: (total: Int?, loaded: Int)?
  /// `group.key`, `group.title`, `group.count`.
  var group: (key: String, title: String, count: Int)?
  /// `form.…`: the screen's form values, `valid`, `problem`.
  var form: SpecValue?

  init(params: [String: String]) { self.params = params }

  /// The value `path` names, or why there is none.
  ///
  /// A record's fields, the common case, are found by a walk that keeps no coding path; only
  /// when it fails (or meets `[*]`) is the path walked again to say where and why.
  func resolve(_ path: SpecPath) throws(SpecBindingFailure) -> SpecValue {
    if path.root == .item, let item, let value = Self.quickWalk(item, steps: path.steps) { return value }
    return try describedResolve(path)
  }

  /// The value `steps` lead to from `start`, or `nil` when a step does not match (or is `[*]`).
  @inline(__always)
  private static func quickWalk(_ start: SpecValue, steps: [SpecPath.Step]) -> SpecValue? {
    var value = start
    for step in steps {
      switch (step, value) {
      case (.key(let key), .object(let members)):
        guard let found = members.first(where: { $0.key == key }) else { return nil }
        value = found.value
      case (.index(let index), .array(let elements)):
        guard elements.indices.contains(index) else { return nil }
        value = elements[index]
      default: return nil
      }
    }
    return value
  }

  private func describedResolve(_ path: SpecPath) throws(SpecBindingFailure) -> SpecValue {
    var value: SpecValue
    var steps = path.steps[...]
    var consumed: [SpecPath.Step] = []
    switch path.root {
    case .item:
      guard let item else { throw SpecBindingFailure(steps: [], reason: "no record here") }
      value = item
      consumed = itemSteps
    case .params:
      guard case .key(let name) = steps.first else {
        return .object(params.map { SpecMember($0.key, .string($0.value)) })
      }
      steps = steps.dropFirst()
      guard let text = params[name] else {
        throw SpecBindingFailure(steps: [.key(name)], reason: "missing parameter '\(name)'")
      }
      value = .string(text)
    case .position:
      var members = [
        SpecMember("page", .integer(position?.page ?? 0)),
        SpecMember("index", .integer(position?.index ?? 0)),
      ]
      if let faultPath { members.append(SpecMember("path", .string(faultPath))) }
      value = .object(members)
    case .page:
      var members = [
        SpecMember("offset", .integer(page?.offset ?? 0)), SpecMember("index", .integer(page?.index ?? 0)),
        SpecMember("number", .integer((page?.index ?? 0) + 1)),
      ]
      if let cursor = page?.cursor { members.append(SpecMember("cursor", .string(cursor))) }
      value = .object(members)
    case .section:
      var members = [SpecMember("loaded", .integer(section?.loaded ?? 0))]
      if let total = section?.total { members.append(SpecMember("total", .integer(total))) }
      value = .object(members)
    case .form:
      value = form ?? .object([SpecMember("valid", .bool(true))])
    case .group:
      value = .object([
        SpecMember("key", .string(group?.key ?? "")), SpecMember("title", .string(group?.title ?? "")),
        SpecMember("count", .integer(group?.count ?? 0)),
      ])
    }
    return try Self.walk(value, steps: steps, consumed: consumed)
  }

  /// The value `steps` lead to from `value`; `consumed` are the steps taken so far.
  private static func walk(
    _ start: SpecValue, steps: ArraySlice<SpecPath.Step>, consumed: [SpecPath.Step]
  ) throws(SpecBindingFailure) -> SpecValue {
    var value = start
    var consumed = consumed
    var steps = steps
    while let step = steps.popFirst() {
      consumed.append(step)
      switch (step, value) {
      case (.all, .array(let elements)):
        // Paths are at most 64 steps deep, so this recursion is too.
        var mapped: [SpecValue] = []
        mapped.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
          mapped.append(try walk(element, steps: steps, consumed: consumed.dropLast() + [.index(index)]))
        }
        return .array(mapped)
      case (.key(let key), .object):
        guard let member = value[key] else {
          throw SpecBindingFailure(steps: consumed, reason: "missing key '\(key)'")
        }
        value = member
      case (.index(let index), .array(let elements)):
        guard elements.indices.contains(index) else {
          throw SpecBindingFailure(steps: consumed, reason: "index \(index) is out of range")
        }
        value = elements[index]
      case (_, .null):
        throw SpecBindingFailure(steps: consumed.dropLast(), reason: "expected a container, found null")
      default:
        throw SpecBindingFailure(
          steps: consumed.dropLast(), reason: "expected a container, found another type")
      }
    }
    return value
  }
}

/// The page a request asks for.
struct SpecPageScope: Hashable, Sendable {
  /// How many records the pages before it held.
  var offset: Int
  /// Its index, from 0.
  var index: Int
  /// The cursor the previous page gave, if the pagination uses cursors.
  var cursor: String?
  /// The next page the previous page's `Link` header named, if the pagination uses links.
  var link: SpecLink?
}
