/// The package's one coding-path printer: `collections[12].book.title`, keys joined with dots
/// and array indexes in brackets, as a reader writes the path. The decode stage's failures,
/// ``JSONSyntaxError``, invalid items and `diff`'s errors all print paths here.
package enum CodingPathText {
  /// The path of `keys` (a key with an integer value is an array index); empty for the root.
  package static func text(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        if !text.isEmpty { text += "." }
        text += key.stringValue
      }
    }
    return text
  }

  /// The path of a syntax error's components.
  package static func text(_ components: [JSONSyntaxError.PathComponent]) -> String {
    var text = ""
    for component in components {
      switch component {
      case .index(let index): text += "[\(index)]"
      case .key(let name): text += (text.isEmpty ? "" : ".") + name
      }
    }
    return text
  }
}
