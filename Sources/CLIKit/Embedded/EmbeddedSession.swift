import Foundation
import TableFlow

/// The books session that `tableflow` replays when run with no arguments.
///
/// Its bytes (`Fixtures/books/session.jsonl.gz`) are compiled into the binary by
/// `tools/embed-fixture.py`, so the default command works from any folder.
enum EmbeddedSession {
  /// The name that stands for the session in errors and logs.
  static let name = "embedded:books/session.jsonl.gz"

  /// The fixture's bytes, or `nil` if the generated source was damaged by hand.
  static var bytes: [UInt8]? {
    guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters),
      data.count == byteCount
    else { return nil }
    return [UInt8](data)
  }

  /// A replay of the embedded session.
  /// - Throws: `CommandFailure` (70) when the embedded bytes do not decode or do not read as a
  ///   fixture: the binary itself is broken.
  static func transport() throws(CommandFailure) -> ReplayTransport {
    guard let bytes else {
      throw CommandFailure(.software, "\(name): the embedded bytes are damaged")
    }
    do {
      return try ReplayTransport(bytes: bytes, name: name)
    } catch {
      throw CommandFailure(.software, "\(name): \(error)")
    }
  }
}
