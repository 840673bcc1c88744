import Foundation

extension SpecTemplate {
  /// The template filled in `scope`.
  /// - Throws: ``SpecBindingFailure`` when an expression has no present value and no literal
  ///   alternative, or its value is not text (an object, an array not joined).
  func render(_ scope: SpecScope) throws(SpecBindingFailure) -> String {
    if parts.count == 1 {
      switch parts[0] {
      case .literal(let text): return text
      case .expression(let expression): return try Self.text(of: expression, in: scope)
      }
    }
    var output = ""
    for part in parts {
      switch part {
      case .literal(let text): output += text
      case .expression(let expression): output += try Self.text(of: expression, in: scope)
      }
    }
    return output
  }

  /// The template filled in `scope`, or `nil` when it cannot be (a footer with no total yet).
  func renderIfPossible(_ scope: SpecScope) -> String? {
    do {
      return try render(scope)
    } catch {
      return nil
    }
  }

  /// The value an expression's alternatives give, before filters: the first present and not
  /// `null`; when none is, the first path's failure.
  static func value(of expression: Expression, in scope: SpecScope) throws(SpecBindingFailure) -> SpecValue {
    var firstFailure: SpecBindingFailure?
    for alternative in expression.alternatives {
      switch alternative {
      case .literal(let text): return .string(text)
      case .path(let path):
        do {
          let value = try scope.resolve(path)
          if value != .null { return value }
          if firstFailure == nil {
            firstFailure = SpecBindingFailure(
              steps: scope.itemSteps(of: path), reason: "expected String, found null")
          }
        } catch {
          if firstFailure == nil { firstFailure = error }
        }
      }
    }
    throw firstFailure ?? SpecBindingFailure(steps: [], reason: "no value")
  }

  private static func text(
    of expression: Expression, in scope: SpecScope
  ) throws(SpecBindingFailure) -> String {
    var value = try value(of: expression, in: scope)
    if expression.filters.isEmpty, case .string(let text) = value { return text }
    do throws(SpecBindingFailure) {
      for filter in expression.filters {
        value = try apply(filter, to: value, steps: [])
      }
      guard let text = value.scalarText else {
        throw SpecBindingFailure(steps: [], reason: "expected String, found another type")
      }
      return text
    } catch {
      // The coding path, made only for a failure: the first path's, then the failure's own steps.
      let path = expression.alternatives.first.flatMap { if case .path(let path) = $0 { path } else { nil } }
      let steps = path.map { scope.itemSteps(of: $0) } ?? []
      throw SpecBindingFailure(steps: steps + error.steps, reason: error.reason)
    }
  }

  private static func apply(
    _ filter: Filter, to value: SpecValue, steps: [SpecPath.Step]
  ) throws(SpecBindingFailure)
    -> SpecValue
  {
    switch filter {
    case .join(let separator):
      switch value {
      case .array(let elements):
        var texts: [String] = []
        texts.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
          guard let text = element.scalarText else {
            throw SpecBindingFailure(
              steps: steps + [.index(index)], reason: "expected String, found another type")
          }
          texts.append(text)
        }
        return .string(texts.joined(separator: separator))
      case .string, .integer, .number, .bool: return value
      case .null, .object:
        throw SpecBindingFailure(steps: steps, reason: "expected Array, found another type")
      }
    case .number(let format):
      switch value {
      case .integer(let whole): return .string(format.text(whole))
      case .number(let double):
        guard let text = format.text(double) else {
          throw SpecBindingFailure(steps: steps, reason: "expected a finite Number")
        }
        return .string(text)
      case .string(let text):
        guard let parsed = Double(text), let formatted = format.text(parsed) else {
          throw SpecBindingFailure(steps: steps, reason: "expected Number, found a string")
        }
        return .string(formatted)
      default: throw SpecBindingFailure(steps: steps, reason: "expected Number, found another type")
      }
    case .date(let format):
      guard let text = format.text(value) else {
        let found = value.kindDescription
        throw SpecBindingFailure(
          steps: steps, reason: "expected a date (RFC 3339 text or seconds since 1970), found \(found)")
      }
      return .string(text)
    case .count:
      switch value {
      case .array(let elements): return .integer(elements.count)
      case .object(let members): return .integer(members.count)
      case .string(let text): return .integer(text.count)
      default: throw SpecBindingFailure(steps: steps, reason: "expected Array, found another type")
      }
    }
  }
}

extension SpecScope {
  /// The coding path of `path` from the answer's root when it reads the record, else its steps.
  func itemSteps(of path: SpecPath) -> [SpecPath.Step] {
    path.root == .item ? itemSteps + path.steps : path.steps
  }
}
