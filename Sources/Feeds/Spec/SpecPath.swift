/// A variable of a template, compiled: a root (`item`, `params`, …) and the steps below it
/// (`item.book.rating.average`, `item.author[0]`, `item['first name']`, and `item.labels[*].name`,
/// the `name` of every element as an array).
struct SpecPath: Hashable, Sendable {
  /// Where a path starts.
  enum Root: String, Hashable, Sendable, CaseIterable {
    /// The record a row is made from.
    case item
    /// The screen's parameters.
    case params
    /// Where the record is: `position.page` (from 0) and `position.index` (in its page, from 0).
    case position
    /// The page a request asks for: `page.offset`, `page.index`, `page.number`, `page.cursor`.
    case page
    /// What a section has loaded: `section.total`, `section.loaded`.
    case section
    /// A group of `groupBy`: `group.key`, `group.title`, `group.count`.
    case group
  }

  /// One step below the root.
  enum Step: Hashable, Sendable {
    case key(String)
    case index(Int)
    /// `[*]`: every element of an array; the steps after it apply to each.
    case all
  }

  var root: Root
  var steps: [Step]

  /// The path as written: `item.book.title`.
  var text: String {
    var text = root.rawValue
    Self.append(steps[...], to: &text)
    return text
  }

  /// Appends `steps` to a coding path's text: `.key`, `[index]`.
  static func append(_ steps: ArraySlice<Step>, to text: inout String) {
    for step in steps {
      switch step {
      case .key(let key): text += text.isEmpty ? key : "." + key
      case .index(let index): text += "[\(index)]"
      case .all: text += "[*]"
      }
    }
  }

  /// Parses `text` (without `${`): an identifier, then `.name`, `[N]` or `['key']` steps.
  /// - Throws: the cause, when it is not a path or its root is not in `roots`.
  static func parse(_ text: Substring, roots: Set<Root>) throws(SpecTemplateError) -> SpecPath {
    var scalars = text.unicodeScalars[...]
    let head = scalars.prefix { isNameScalar($0) }
    scalars = scalars.dropFirst(head.count)
    guard let root = Root(rawValue: String(head)) else {
      throw SpecTemplateError(unknownVariable: String(head), roots: roots)
    }
    guard roots.contains(root) else { throw SpecTemplateError(unknownVariable: String(head), roots: roots) }
    var steps: [Step] = []
    while let first = scalars.first {
      if first == "." {
        let name = scalars.dropFirst().prefix { isNameScalar($0) }
        guard !name.isEmpty else { throw SpecTemplateError("expected a name after '.' in '\(text)'") }
        steps.append(.key(String(name)))
        scalars = scalars.dropFirst(1 + name.count)
      } else if first == "[" {
        let rest = scalars.dropFirst()
        if rest.starts(with: "*]".unicodeScalars) {
          steps.append(.all)
          scalars = rest.dropFirst(2)
        } else if rest.first == "'" {
          let inside = rest.dropFirst()
          guard let close = inside.firstIndex(of: "'"), inside[inside.index(after: close)...].first == "]"
          else {
            throw SpecTemplateError("unterminated ['key'] in '\(text)'")
          }
          steps.append(.key(String(inside[..<close])))
          scalars = inside[inside.index(close, offsetBy: 2)...]
        } else {
          let digits = rest.prefix { ("0"..."9").contains($0) }
          guard !digits.isEmpty, digits.count <= 9, rest.dropFirst(digits.count).first == "]",
            let index = Int(String(digits))
          else { throw SpecTemplateError("expected [N] or ['key'] in '\(text)'") }
          steps.append(.index(index))
          scalars = rest.dropFirst(digits.count + 1)
        }
      } else {
        throw SpecTemplateError("unexpected '\(first)' in path '\(text)'")
      }
      guard steps.count <= 64 else {
        throw SpecTemplateError("path '\(text.prefix(40))…' is deeper than 64 steps")
      }
    }
    return SpecPath(root: root, steps: steps)
  }

  static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.isASCII && scalar.properties.isAlphabetic) || ("0"..."9").contains(scalar) || scalar == "_"
      || scalar == "-"
  }
}
