/// Why a JSON document could not be read, and where: the package's one syntax-error locator
/// (``JSONTape`` finds it; the decoder, `diff` and the decode stage report it).
package struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
  /// One step of the path to the value at fault: a key or an array index.
  package enum PathComponent: Equatable, Sendable {
    /// A key of an object.
    case key(String)
    /// An index of an array.
    case index(Int)
  }

  /// What is wrong, in a few lower-case words: `unexpected end of input`, `invalid value`.
  package var cause: String
  /// The 0-based byte offset where reading stopped.
  package var offset: Int
  /// Where in the document, from its root; empty at the top level and for a document that
  /// ends too early (the path would only say where it was cut).
  package var path: [PathComponent]

  package init(cause: String, offset: Int, path: [PathComponent] = []) {
    self.cause = cause
    self.offset = offset
    self.path = path
  }

  /// `cause (byte N)`.
  package var description: String { "\(cause) (byte \(offset))" }

  /// The 1-based line and column of byte `offset` in `bytes`, counting characters (UTF-8
  /// lead bytes) in the column.
  package static func lineAndColumn(
    of offset: Int, in bytes: some Collection<UInt8>
  ) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in bytes.prefix(offset) {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }
}
