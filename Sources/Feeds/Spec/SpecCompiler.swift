import TableCore

/// Walks a spec's JSON, checking it and building its ``SpecDefinition``; every problem is an
/// ``SpecError/Issue`` naming its JSON path, and the walk goes on to find the others.
struct SpecCompiler {
  private(set) var issues: [SpecError.Issue] = []
  /// The prototypes compiled so far in the current screen.
  var prototypeCount = 0
  /// How many templates and selectors compiled so far read `position.…` (a prototype's rows
  /// that do are rebuilt when their record moves).
  var positionReads = 0
  /// The push routes of fixed rows: from screen, to screen, where.
  var staticPushes: [(from: String, to: String, path: String)] = []
  /// Every push route: target, parameters given, where; checked once all screens are known.
  var pushes: [(to: String, parameters: [String], path: String)] = []
  /// The actions the current screen's prototypes name, and where; checked once its actions
  /// are known.
  var actionUses: [(name: String, path: String)] = []
  /// The submit routes of the current screen's rows (request, where), checked once its
  /// requests are known.
  var submits: [(request: String, path: String)] = []
  /// The `form.NAME` the current screen's templates and selectors read, and where.
  var formUses: [(name: String, path: String)] = []

  /// The caps that keep a hostile spec's cost bounded.
  static let maximumScreens = 256
  static let maximumListLength = 1024
  static let maximumTemplateLength = 4096

  /// Records a problem; once only (a shared prototype is compiled for each section using it).
  mutating func fail(_ path: String, _ cause: String) {
    let issue = SpecError.Issue(path: path, cause: cause)
    if issues.count < 100 && !issues.contains(issue) { issues.append(issue) }
  }

  /// The members of an object, after checking that it is one and that every key is allowed.
  mutating func members(_ value: SpecValue?, _ path: String, allowed: [String]) -> [SpecMember]? {
    guard let value else { return nil }
    guard case .object(let members) = value else {
      fail(path, "expected an object, found \(value.kindDescription)")
      return nil
    }
    for member in members where !allowed.contains(member.key) {
      fail(
        Self.child(path, member.key),
        "unknown key '\(TextEscaping.echoed(member.key, limit: 40))' (expected: \(allowed.joined(separator: ", ")))"
      )
    }
    return members
  }

  mutating func string(_ value: SpecValue?, _ path: String) -> String? {
    guard let value else { return nil }
    guard case .string(let text) = value else {
      fail(path, "expected a string, found \(value.kindDescription)")
      return nil
    }
    return text
  }

  mutating func bool(_ value: SpecValue?, _ path: String) -> Bool? {
    guard let value else { return nil }
    guard case .bool(let flag) = value else {
      fail(path, "expected true or false, found \(value.kindDescription)")
      return nil
    }
    return flag
  }

  mutating func number(_ value: SpecValue?, _ path: String, in range: ClosedRange<Double>) -> Double? {
    guard let value else { return nil }
    let number: Double
    switch value {
    case .integer(let whole): number = Double(whole)
    case .number(let double): number = double
    default:
      fail(path, "expected a number, found \(value.kindDescription)")
      return nil
    }
    guard range.contains(number) else {
      fail(
        path,
        "expected a number from \(JSONValue.format(range.lowerBound)) to \(JSONValue.format(range.upperBound))"
      )
      return nil
    }
    return number
  }

  mutating func array(_ value: SpecValue?, _ path: String) -> [SpecValue]? {
    guard let value else { return nil }
    guard case .array(let elements) = value else {
      fail(path, "expected an array, found \(value.kindDescription)")
      return nil
    }
    guard elements.count <= Self.maximumListLength else {
      fail(path, "more than \(Self.maximumListLength) elements")
      return nil
    }
    return elements
  }

  /// A template, compiled for `roots`; `params` are the screen's parameter names, which are
  /// the only `params.NAME` it may read.
  mutating func template(
    _ value: SpecValue?, _ path: String, roots: Set<SpecPath.Root>, params: Set<String>
  ) -> SpecTemplate? {
    var text: String
    switch value {
    case nil: return nil
    case .string(let string)?: text = string
    case .integer(let whole)?: text = String(whole)
    case .number(let number)?: text = JSONValue.format(number)
    case .bool(let flag)?: text = flag ? "true" : "false"
    case let other?:
      fail(path, "expected a template string, found \(other.kindDescription)")
      return nil
    }
    guard text.utf8.count <= Self.maximumTemplateLength else {
      fail(path, "template longer than \(Self.maximumTemplateLength) bytes")
      return nil
    }
    do throws(SpecTemplateError) {
      let template = try SpecTemplate(text, roots: roots)
      if template.paths.contains(where: { $0.root == .position }) { positionReads += 1 }
      for variable in template.paths where variable.root == .form {
        if case .key(let name)? = variable.steps.first { formUses.append((name, path)) }
      }
      for variable in template.paths where variable.root == .params {
        guard case .key(let name)? = variable.steps.first else {
          fail(path, "'params' needs a parameter name: params.NAME")
          return nil
        }
        if !params.contains(name) {
          let known = params.isEmpty ? "none" : params.sorted().joined(separator: ", ")
          fail(
            path,
            "unknown parameter 'params.\(TextEscaping.echoed(name, limit: 40))' (parameters of this screen: \(known))"
          )
          return nil
        }
      }
      return template
    } catch {
      fail(path, error.cause)
      return nil
    }
  }

  mutating func pointer(_ value: SpecValue?, _ path: String) -> SpecPointer? {
    guard let text = string(value, path) else { return nil }
    do throws(SpecTemplateError) {
      return try SpecPointer(text)
    } catch {
      fail(path, error.cause)
      return nil
    }
  }

  /// `$.screens.books`, `$.screens['my screen']`.
  static func child(_ path: String, _ key: String) -> String {
    let plain = !key.isEmpty && key.unicodeScalars.allSatisfy(SpecPath.isNameScalar)
    return plain ? "\(path).\(key)" : "\(path)['\(TextEscaping.echoed(key, limit: 40))']"
  }

  static func element(_ path: String, _ index: Int) -> String { "\(path)[\(index)]" }
}
