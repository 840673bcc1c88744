/// Caps that keep reading a hostile file bounded in memory and time.
public struct FixtureLimits: Hashable, Sendable {
  /// The most bytes a whole file may inflate to (default 1 GiB).
  public var maximumInflatedBytes: Int
  /// The most bytes one line (record) may inflate to (default 256 MiB).
  public var maximumRecordBytes: Int

  /// Creates limits; the defaults are 1 GiB per file and 256 MiB per record.
  public init(maximumInflatedBytes: Int = 1 << 30, maximumRecordBytes: Int = 256 << 20) {
    self.maximumInflatedBytes = maximumInflatedBytes
    self.maximumRecordBytes = maximumRecordBytes
  }

  /// The default limits.
  public static let standard = FixtureLimits()
}
