#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Rewrites an existing fixture in place with the current redaction rules (`tableflow redact`).
///
/// Records stream from the old file to a temporary file beside it, each redacted in session
/// order by one ``Redactor`` (so a secret learned early is scrubbed from every later record);
/// the temporary file then replaces the fixture with one atomic rename. Until that rename the
/// fixture is untouched, and a fixture that nothing changes is not rewritten at all. A damaged
/// fixture is refused rather than rewritten without its damaged tail.
public enum FixtureRewriter {
  /// What a rewrite did.
  public struct Summary: Hashable, Sendable {
    /// The number of records read.
    public var records: Int
    /// The number of records the rules changed.
    public var changedRecords: Int
    /// Whether the header (base URL, parameters) changed.
    public var headerChanged: Bool
    /// Whether the file was rewritten (something changed).
    public var rewritten: Bool { changedRecords > 0 || headerChanged }
  }

  /// Redacts the fixture at `path` in place.
  ///
  /// - Throws: `FixtureError` when the fixture cannot be read, is damaged, or the new file
  ///   cannot be written; the fixture is then left as it was.
  /// - Complexity: one pass; memory bounded by the largest record.
  public static func redact(
    path: String, redaction: Redaction = .standard, limits: FixtureLimits = .standard
  ) throws(FixtureError) -> Summary {
    let reader = try FixtureReader(path: path, limits: limits)
    var redactor = Redactor(redaction)
    let header = redactor.redact(reader.header)
    var summary = Summary(records: 0, changedRecords: 0, headerChanged: header != reader.header)
    let temporary = "\(path).redact-\(getpid())"
    let writer = try FixtureWriter(path: temporary, header: header, limits: limits)
    do throws(FixtureError) {
      while let record = try reader.next() {
        // The writer numbers records 1, 2, 3…; responses name their request by number.
        guard record.seq == summary.records + 1 else {
          throw FixtureError(
            .malformed, "seq \(record.seq) where \(summary.records + 1) was expected; not rewritten",
            file: path, record: summary.records + 1)
        }
        let entry = redactor.redact(record.entry)
        summary.records += 1
        if entry != record.entry { summary.changedRecords += 1 }
        try writer.append(entry)
      }
      guard summary.rewritten else {
        writer.abandon()
        return summary
      }
      try writer.finish()
      try PosixFile.moveIntoPlace(temporary, path)
    } catch {
      writer.abandon()
      PosixFile.remove(temporary)
      throw error
    }
    return summary
  }
}
