/// Writes a fixture: gzip of JSON Lines, a sync flush after every record, crash-safe.
///
/// Records go to `PATH.partial`, a new file created exclusively (`O_EXCL | O_NOFOLLOW`) while
/// the writer holds the lock file `PATH.lock`: a second writer for the same path fails at once
/// (`.busy`), a partial file left by a writer that died is replaced, and a `PATH.partial` that
/// is a symbolic link or has other hard links is refused, never written through. `finish()` ends the gzip stream, syncs the
/// file to disk and renames it over `PATH` atomically; `closeKeepingPartial()` ends it the same
/// way but leaves it at `PATH.partial`. Each record is flushed to the operating system as soon
/// as it is appended, so a process killed at any moment leaves a `.partial` file whose every
/// completed record is readable. Until `finish()` succeeds, an existing file at `PATH` is never
/// touched.
///
/// Not thread-safe: use one writer from one task (TableFlow's `SessionRecorder` actor owns one).
public final class FixtureWriter {
  private enum Sink {
    case file(PosixFile)
    case memory(ByteBuffer)
    case closed
  }

  /// The path the finished fixture will have.
  public let path: String?
  /// The path written while recording: `path` + `.partial`.
  public let partialPath: String?
  /// The number of records appended so far (the last `seq` given).
  public private(set) var recordsWritten = 0
  /// The number of compressed bytes written so far.
  public private(set) var compressedBytes = 0
  /// The number of uncompressed JSON Lines bytes written so far.
  public private(set) var uncompressedBytes = 0
  /// The reader's caps, applied before each record is written: a record that replay would
  /// refuse is never written.
  public let limits: FixtureLimits

  private var sink: Sink
  /// The lock file held while writing to `partialPath`; removed and released when the writer
  /// finishes, keeps its partial file, or abandons it.
  private var lock: PosixFile?
  private let deflater: Zlib.Deflater
  private let line = ByteBuffer(capacity: 4096)
  private var failure: FixtureError?

  /// Starts a fixture that will be renamed to `path` when finished, writing the header line.
  ///
  /// - Parameters:
  ///   - path: Where the finished fixture goes; the writer creates `path.partial` meanwhile,
  ///     replacing a partial file that no live writer holds (a regular file with one link).
  ///   - header: The header line.
  ///   - level: The zlib compression level, 0…9 (6 is gzip's default).
  ///   - limits: The caps replay will read the file with (see ``append(_:)``).
  /// - Throws: `FixtureError` `.busy` when another writer holds `path.partial`; `.io` when
  ///   `path` is a directory, `path.partial` is a link, a file with other hard links or not a
  ///   regular file, or the partial file cannot be created or written.
  public init(
    path: String, header: FixtureHeader, level: Int = 6, limits: FixtureLimits = .standard
  ) throws(FixtureError) {
    guard !PosixFile.isDirectory(path) else {
      throw FixtureError(.io, "is a directory, not a fixture file", file: path)
    }
    self.path = path
    self.limits = limits
    partialPath = path + ".partial"
    let lock = try PosixFile.lock(path + ".lock", guarding: path + ".partial")
    do throws(FixtureError) {
      try PosixFile.removeStalePartial(path + ".partial")
      sink = .file(try PosixFile.createNew(path + ".partial"))
    } catch {
      Self.release(lock)
      throw error
    }
    self.lock = lock
    deflater = try Self.makeDeflater(level: level, name: path, bufferSize: 128 * 1024)
    try writeHeader(header)
  }

  /// Starts a fixture held in memory; read it with `finishedBytes()`.
  public init(
    inMemoryWith header: FixtureHeader, level: Int = 6, limits: FixtureLimits = .standard
  ) throws(FixtureError) {
    self.limits = limits
    path = nil
    partialPath = nil
    lock = nil
    sink = .memory(ByteBuffer(capacity: 4096))
    deflater = try Self.makeDeflater(level: level, name: "<memory>", bufferSize: 16 * 1024)
    try writeHeader(header)
  }

  deinit {
    if let lock { Self.release(lock) }
  }

  /// Removes the lock file while still holding its lock, then releases it: a writer waiting
  /// on the old file sees it is gone and locks a new one.
  private static func release(_ lock: PosixFile) {
    PosixFile.remove(lock.path)
    try? lock.closeFile()
  }

  private func releaseLock() {
    if let lock { Self.release(lock) }
    lock = nil
  }

  private static func makeDeflater(
    level: Int, name: String, bufferSize: Int
  ) throws(FixtureError) -> Zlib.Deflater {
    do {
      return try Zlib.Deflater(level: min(max(level, 0), 9), outputBufferSize: bufferSize)
    } catch {
      throw FixtureError(.io, "zlib could not start: \(error.message)", file: name)
    }
  }

  private func writeHeader(_ header: FixtureHeader) throws(FixtureError) {
    line.removeAll()
    RecordEncoder.encode(header, to: line)
    try emitLine()
  }

  /// Appends a record with the next `seq` and flushes it to the file.
  ///
  /// - Returns: The record's `seq` (1 for the first record).
  /// - Throws: `FixtureError` `.recordTooLarge` or `.fileTooLarge` when the record would break
  ///   `limits`: nothing is written and the writer stays usable. Any other `FixtureError`
  ///   when writing fails; the writer is then closed and the partial file keeps every record
  ///   appended before.
  @discardableResult
  public func append(_ entry: FixtureRecord.Entry) throws(FixtureError) -> Int {
    try checkOpen()
    let seq = recordsWritten + 1
    if case .response(let response) = entry, response.body.count > limits.maximumRecordBytes {
      // The encoded line is at least as long as the body: refuse before encoding it.
      throw overLimit(.recordTooLarge, seq, "a body of \(response.body.count) bytes")
    }
    line.removeAll()
    RecordEncoder.encode(FixtureRecord(seq: seq, entry: entry), to: line)
    if line.liveCount > limits.maximumRecordBytes {
      throw overLimit(.recordTooLarge, seq, "\(line.liveCount) bytes")
    }
    if uncompressedBytes + line.liveCount + 1 > limits.maximumInflatedBytes {
      throw overLimit(.fileTooLarge, seq, "\(uncompressedBytes + line.liveCount + 1) bytes in all")
    }
    try emitLine()
    recordsWritten = seq
    return seq
  }

  private func overLimit(_ code: FixtureError.Code, _ seq: Int, _ size: String) -> FixtureError {
    let limit = code == .recordTooLarge ? limits.maximumRecordBytes : limits.maximumInflatedBytes
    let what = code == .recordTooLarge ? "record" : "fixture"
    return FixtureError(
      code, "\(size) is over the reader's limit of \(limit) bytes per \(what); not written",
      file: path, record: seq)
  }

  private func checkOpen() throws(FixtureError) {
    if let failure { throw FixtureError(.closed, "an earlier write failed: \(failure)", file: path) }
    if case .closed = sink { throw FixtureError(.closed, "the fixture is already closed", file: path) }
  }

  private func emitLine() throws(FixtureError) {
    line.append(0x0A)
    uncompressedBytes += line.liveCount
    try deflate(UnsafeRawBufferPointer(line.live), flush: .sync)
  }

  private func deflate(_ bytes: UnsafeRawBufferPointer, flush: Zlib.Deflater.Flush) throws(FixtureError) {
    do {
      try deflater.deflate(bytes, flush: flush) { (chunk: UnsafeRawBufferPointer) throws(FixtureError) in
        switch sink {
        case .file(let file): try file.writeAll(chunk)
        case .memory(let buffer): buffer.append(chunk)
        case .closed: throw FixtureError(.closed, "the fixture is already closed", file: path)
        }
        compressedBytes += chunk.count
      }
    } catch {
      failure = error
      throw error
    }
  }

  /// Ends the gzip stream, syncs the file and renames `path.partial` to `path` atomically.
  ///
  /// - Throws: `FixtureError` when any step fails; `path` is then left as it was.
  public func finish() throws(FixtureError) {
    try checkOpen()
    try deflate(UnsafeRawBufferPointer(start: nil, count: 0), flush: .finish)
    guard case .file(let file) = sink, let path, let partialPath else {
      return
    }
    sink = .closed
    do {
      try file.synchronize()
      try file.closeFile()
      try PosixFile.moveIntoPlace(partialPath, path)
      releaseLock()
    } catch {
      failure = error
      releaseLock()
      throw error
    }
  }

  /// Ends the gzip stream and syncs the file, but leaves it at `path.partial`: the session it
  /// records failed, so `path` stays as it was. The partial file is a complete, readable
  /// fixture. Does nothing after `abandon()` or a finish.
  ///
  /// - Throws: `FixtureError` when ending or syncing the file fails (its complete records
  ///   stay readable).
  public func closeKeepingPartial() throws(FixtureError) {
    guard case .file(let file) = sink else { return }
    if failure == nil {
      try deflate(UnsafeRawBufferPointer(start: nil, count: 0), flush: .finish)
    }
    sink = .closed
    defer { releaseLock() }
    do {
      try file.synchronize()
      try file.closeFile()
    } catch {
      failure = error
      throw error
    }
  }

  /// The finished gzip bytes of an in-memory writer (after `finish()`), else `nil`.
  public func finishedBytes() -> [UInt8]? {
    guard case .memory(let buffer) = sink else { return nil }
    return Array(UnsafeRawBufferPointer(buffer.live))
  }

  /// Stops writing and removes the partial file; an existing fixture at `path` is untouched.
  public func abandon() {
    if case .file(let file) = sink { try? file.closeFile() }
    sink = .closed
    if let partialPath { PosixFile.remove(partialPath) }
    releaseLock()
  }
}
