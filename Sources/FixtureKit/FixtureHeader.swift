/// The first line of a fixture: which format, which feed, which tool recorded it.
///
/// Written as `{"format":"tableflow-fixture","version":1,"feed":…,"tool":…,"base":…,
/// "params":{…},"spec":{"file":…,"sha256":…}}`; `base`, `params` and `spec` are optional.
public struct FixtureHeader: Hashable, Sendable {
  /// The value of the header's `format` field.
  public static let formatName = "tableflow-fixture"
  /// The format version this library writes and reads.
  public static let currentVersion = 1

  /// The format version of the file.
  public var version: Int
  /// The feed that was recorded, such as `books`.
  public var feed: String
  /// The program and version that recorded it, such as `tableflow 0.1.0`.
  public var tool: String
  /// The base URL requests were relative to, credentials removed; `nil` when unknown.
  public var base: String?
  /// The feed parameters the session ran with, such as `user=pmtao`.
  public var params: [String: String]
  /// The spec file the feed was described by, when it was a spec feed (`tableflow run --spec`).
  public var spec: SpecSource?

  /// The spec file a session was recorded from: its path as given and the SHA-256 of its
  /// bytes, so that a replay with a changed spec is noticed.
  public struct SpecSource: Hashable, Sendable {
    /// The spec's path, as the recording named it.
    public var file: String
    /// The SHA-256 of the spec's bytes, 64 lowercase hex digits.
    public var sha256: String

    /// Creates a spec source.
    public init(file: String, sha256: String) {
      self.file = file
      self.sha256 = sha256
    }
  }

  /// Creates a header for the current format version.
  public init(
    feed: String, tool: String, base: String? = nil, params: [String: String] = [:], spec: SpecSource? = nil
  ) {
    self.version = Self.currentVersion
    self.feed = feed
    self.tool = tool
    self.base = base
    self.params = params
    self.spec = spec
  }
}
