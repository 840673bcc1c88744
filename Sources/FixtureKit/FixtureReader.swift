/// Reads a fixture one record at a time, in bounded memory.
///
/// Opening reads and checks the header. `next()` then returns records in file order; a damaged
/// file yields every complete record before the damage, then throws a `FixtureError` naming the
/// file, the record and the byte offset. After an error, `next()` throws the same error again.
///
/// Not thread-safe: use one reader from one task.
public final class FixtureReader {
  /// The file's header.
  public let header: FixtureHeader
  private let lines: GzipLineReader
  private var lastSeq = 0
  private var stickyError: FixtureError?
  private var ended = false
  /// The size in bytes of the last record's line, newline excluded (0 before the first).
  public private(set) var lastRecordSize = 0

  /// The room the reader's inflated-line buffer takes now, in bytes (for tests).
  var lineBufferCapacity: Int { lines.bufferCapacity }

  /// Opens the fixture at `path` and reads its header.
  ///
  /// - Throws: `FixtureError` when the file is missing, empty, not gzip, or its first line is
  ///   not a supported header.
  public convenience init(path: String, limits: FixtureLimits = .standard) throws(FixtureError) {
    try self.init(lines: try GzipLineReader(path: path, limits: limits))
  }

  /// Reads a fixture held in memory; `name` stands for the file in errors.
  public convenience init(
    bytes: [UInt8], name: String = "<memory>", limits: FixtureLimits = .standard
  ) throws(FixtureError) {
    try self.init(lines: try GzipLineReader(bytes: bytes, name: name, limits: limits))
  }

  private init(lines: GzipLineReader) throws(FixtureError) {
    self.lines = lines
    guard let line = try lines.nextLine(), let base = line.baseAddress, !line.isEmpty else {
      throw FixtureError(
        .notFixture, "no header line", file: lines.name, record: 0, offset: lines.compressedOffset)
    }
    var scanner = JSONScanner(bytes: base, count: line.count)
    let raw: RecordDecoder.RawHeader
    do {
      raw = try RecordDecoder.decodeHeader(&scanner)
    } catch {
      throw FixtureError(
        .notFixture, "line 1 is not a fixture header: \(error.message) at column \(error.column)",
        file: lines.name, record: 0)
    }
    guard raw.format == FixtureHeader.formatName else {
      let found = raw.format.map { "\"\($0.prefix(60))\"" } ?? "none"
      throw FixtureError(
        .notFixture, "header format is \(found), expected \"\(FixtureHeader.formatName)\"",
        file: lines.name, record: 0)
    }
    guard let version = raw.version, version == FixtureHeader.currentVersion else {
      let found = raw.version.map(String.init) ?? "missing"
      throw FixtureError(
        .unsupportedVersion,
        "format version \(found); this reader understands version \(FixtureHeader.currentVersion)",
        file: lines.name, record: 0)
    }
    guard let feed = raw.feed, let tool = raw.tool else {
      throw FixtureError(.malformed, "header without \"feed\" or \"tool\"", file: lines.name, record: 0)
    }
    let spec = raw.specFile.map { FixtureHeader.SpecSource(file: $0, sha256: raw.specHash ?? "") }
    var header = FixtureHeader(
      feed: feed, tool: tool, base: raw.base, params: raw.params, spec: spec, recorded: raw.recorded)
    header.version = version
    self.header = header
  }

  /// The number of compressed bytes consumed so far.
  public var compressedOffset: Int { lines.compressedOffset }

  /// The number of bytes inflated so far (header and records, newlines included).
  public var inflatedBytes: Int { lines.inflatedTotal }

  /// The next record, or `nil` after the last one.
  ///
  /// - Throws: `FixtureError` for damage found at this point: truncation, corruption, a
  ///   malformed or oversized record, or an exceeded limit.
  public func next() throws(FixtureError) -> FixtureRecord? {
    if let stickyError { throw stickyError }
    if ended { return nil }
    do throws(FixtureError) {
      while true {
        guard let line = try lines.nextLine() else {
          ended = true
          return nil
        }
        guard let base = line.baseAddress, !isBlank(line) else { continue }
        lastRecordSize = line.count
        var scanner = JSONScanner(bytes: base, count: line.count)
        let record: FixtureRecord
        do {
          record = try RecordDecoder.decodeRecord(&scanner)
        } catch {
          throw FixtureError(
            .malformed, "\(error.message) at column \(error.column)", file: lines.name,
            record: lines.linesReturned - 1)
        }
        guard record.seq > lastSeq else {
          throw FixtureError(
            .malformed, "seq \(record.seq) does not follow seq \(lastSeq)", file: lines.name,
            record: lines.linesReturned - 1)
        }
        lastSeq = record.seq
        // The record is decoded: the line's bytes are not needed any more.
        lines.shrinkAfterLargeLine()
        return record
      }
    } catch {
      stickyError = error
      throw error
    }
  }

  private func isBlank(_ line: UnsafeMutableBufferPointer<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  /// Reads every record; throws at the first damage.
  public func readAll() throws(FixtureError) -> [FixtureRecord] {
    var records: [FixtureRecord] = []
    while let record = try next() { records.append(record) }
    return records
  }

  /// Reads every record it can: the complete records before any damage, and the damage.
  public func readSalvaging() -> (records: [FixtureRecord], damage: FixtureError?) {
    var records: [FixtureRecord] = []
    do {
      while let record = try next() { records.append(record) }
      return (records, nil)
    } catch {
      return (records, error)
    }
  }
}
