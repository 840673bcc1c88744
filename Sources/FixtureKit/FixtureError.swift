/// A fixture could not be written or read: names the file, the record or byte offset, and why.
///
/// The code is a struct over a private enum so new codes can be added without breaking
/// callers that switch over the existing ones with `==`.
public struct FixtureError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What kind of failure this is.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable {
      case io = "i/o error"
      case empty = "empty file"
      case notGzip = "not gzip"
      case corrupt = "corrupt gzip data"
      case truncated = "truncated"
      case malformed = "malformed record"
      case notFixture = "not a fixture"
      case unsupportedVersion = "unsupported version"
      case recordTooLarge = "record too large"
      case fileTooLarge = "file too large"
      case closed = "writer closed"
      case busy = "in use"
      case cancelled = "cancelled"
    }

    private let value: Value
    private init(_ value: Value) { self.value = value }

    /// Opening, reading, writing or renaming a file failed at the operating-system level.
    public static let io = Code(.io)
    /// The file holds no bytes at all.
    public static let empty = Code(.empty)
    /// The file does not start with the gzip magic bytes.
    public static let notGzip = Code(.notGzip)
    /// The gzip stream is damaged: bad deflate data, CRC-32 or length mismatch, trailing bytes.
    public static let corrupt = Code(.corrupt)
    /// The gzip stream stops before its trailer; every complete record before it was readable.
    public static let truncated = Code(.truncated)
    /// A line is not a well-formed fixture record (bad JSON, missing or mistyped field).
    public static let malformed = Code(.malformed)
    /// The first line is not a `tableflow-fixture` header.
    public static let notFixture = Code(.notFixture)
    /// The header names a format version this reader does not understand.
    public static let unsupportedVersion = Code(.unsupportedVersion)
    /// One record inflates to more bytes than the per-record limit.
    public static let recordTooLarge = Code(.recordTooLarge)
    /// The file inflates to more bytes than the per-file limit (a decompression bomb guard).
    public static let fileTooLarge = Code(.fileTooLarge)
    /// The writer was used after `finish()` or `abandon()`, or after an earlier failure.
    public static let closed = Code(.closed)
    /// Another writer holds the file: two recordings never share one `.partial`.
    public static let busy = Code(.busy)
    /// The work was stopped (a signal) before it changed anything.
    public static let cancelled = Code(.cancelled)

    /// The code's name.
    public var description: String { value.rawValue }
  }

  /// What kind of failure this is.
  public var code: Code
  /// The file involved, when there is one.
  public var file: String?
  /// The record involved: 0 is the header line, N the Nth line after it.
  public var record: Int?
  /// The byte offset in the compressed file where the failure was noticed.
  public var offset: Int?
  /// A one-line explanation of the cause.
  public var message: String

  /// Creates an error.
  public init(
    _ code: Code, _ message: String, file: String? = nil, record: Int? = nil, offset: Int? = nil
  ) {
    self.code = code
    self.message = message
    self.file = file
    self.record = record
    self.offset = offset
  }

  /// `FILE: record N: CODE: MESSAGE` (or `byte N` when no record applies), one line.
  public var description: String {
    var parts: [String] = []
    if let file { parts.append(file) }
    if let record {
      parts.append(record == 0 ? "header" : "record \(record)")
    } else if let offset {
      parts.append("byte \(offset)")
    }
    parts.append("\(code): \(message)")
    return parts.joined(separator: ": ")
  }
}
