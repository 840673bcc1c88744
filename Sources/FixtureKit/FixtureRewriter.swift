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
  /// When `path` is a symbolic link, the file it names is redacted and the link stays a link.
  /// The rewritten file keeps the original's permissions and, where the process may set them,
  /// its owner and group.
  ///
  /// - Parameters:
  ///   - given: The fixture's path (a symbolic link is followed).
  ///   - redaction: The rules to apply.
  ///   - limits: The reader's limits, which the rewritten file also keeps to.
  ///   - secureEdits: Whether each `edit` intent of the fixture, in order, types into a secure
  ///     field (from a replay of the session): a secure one's text is redacted, another's kept
  ///     as typed. `nil`, or an edit past its end: the row id's name decides.
  ///   - shouldStop: asked before each record and before the new file replaces the old one;
  ///     when it answers `true` (a signal arrived), the rewrite stops and the fixture is left as
  ///     it was (`FixtureError` `.cancelled`).
  /// - Throws: `FixtureError` when the fixture cannot be read, is damaged, or the new file
  ///   cannot be written, or when stopped; the fixture is then left as it was.
  /// - Complexity: one pass; memory bounded by the largest record.
  public static func redact(
    path given: String, redaction: Redaction = .standard, limits: FixtureLimits = .standard,
    secureEdits: [Bool]? = nil, shouldStop: () -> Bool = { false }
  ) throws(FixtureError) -> Summary {
    let path = try PosixFile.resolvingLinks(given)
    let reader = try FixtureReader(path: path, limits: limits)
    let original = try PosixFile.ownership(of: path)
    var redactor = Redactor(redaction)
    let header = redactor.redact(reader.header)
    var summary = Summary(records: 0, changedRecords: 0, headerChanged: header != reader.header)
    var edits = 0
    let temporary = "\(path).redact-\(getpid())"
    let writer = try FixtureWriter(path: temporary, header: header, limits: limits)
    do throws(FixtureError) {
      while let record = try reader.next() {
        if shouldStop() { throw stopped(given) }
        // The writer numbers records 1, 2, 3…; responses name their request by number.
        guard record.seq == summary.records + 1 else {
          throw FixtureError(
            .malformed, "seq \(record.seq) where \(summary.records + 1) was expected; not rewritten",
            file: path, record: summary.records + 1)
        }
        let entry: FixtureRecord.Entry
        if case .intent(let line) = record.entry, line.hasPrefix("edit ") {
          let secure = secureEdits.flatMap { edits < $0.count ? $0[edits] : nil }
          edits += 1
          entry = .intent(redactor.redact(intent: line, isSecureEdit: secure))
        } else {
          entry = redactor.redact(record.entry)
        }
        summary.records += 1
        if entry != record.entry { summary.changedRecords += 1 }
        try writer.append(entry)
      }
      guard summary.rewritten else {
        writer.abandon()
        return summary
      }
      try writer.finish()
      try PosixFile.applyOwnership(original, to: temporary)
      if shouldStop() { throw stopped(given) }
      try PosixFile.moveIntoPlace(temporary, path)
    } catch {
      writer.abandon()
      PosixFile.remove(temporary)
      throw error
    }
    return summary
  }

  private static func stopped(_ path: String) -> FixtureError {
    FixtureError(.cancelled, "stopped by a signal; the fixture was left as it was", file: path)
  }
}
