import FixtureKit

/// A `DecodingError` as the end of one stderr line: where in the input, then the cause. The one
/// describer the command line and the session page use for a JSON document that did not decode.
package enum DecodingErrorText {
  /// `LINE:COLUMN: invalid JSON: cause (byte N)` for a syntax error (the package's decoder
  /// locates it), ` PATH: cause` for the rest.
  package static func describe(_ error: DecodingError, in bytes: [UInt8]) -> String {
    switch error {
    case .dataCorrupted(let context) where context.underlyingError is JSONSyntaxError:
      guard let syntax = context.underlyingError as? JSONSyntaxError else { return " invalid JSON" }
      let (line, column) = JSONSyntaxError.lineAndColumn(of: syntax.offset, in: bytes)
      return "\(line):\(column): invalid JSON: \(syntax)"
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return " invalid JSON: \(context.debugDescription)"
    case .dataCorrupted(let context):
      return " \(location(context.codingPath)): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return " \(location(context.codingPath + [key])): missing key \"\(key.stringValue)\""
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return " \(location(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return " \(error)"
    }
  }

  /// `sections[1].rows[0].id`, or `top level`.
  package static func location(_ keys: [any CodingKey]) -> String {
    let text = CodingPathText.text(keys)
    return text.isEmpty ? "top level" : text
  }
}
