import Foundation

/// A fresh directory under the system temporary directory, removed by `cleanUp()`.
public struct TemporaryDirectory: Sendable {
  /// The directory's path.
  public let path: String

  /// Creates the directory; its name starts with `prefix` and ends in a UUID.
  public init(prefix: String = "tableflow-tests") throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    path = url.path
  }

  /// The path of `name` inside the directory.
  public func file(_ name: String) -> String { path + "/" + name }

  /// Removes the directory and everything in it.
  public func cleanUp() { try? FileManager.default.removeItem(atPath: path) }
}
