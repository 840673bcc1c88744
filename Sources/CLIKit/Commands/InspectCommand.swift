import FixtureKit
import Foundation
import TableCore

/// `tableflow inspect FIXTURE`: a fixture's header, one line per record, sizes, compression
/// ratio and integrity.
///
/// Memory stays constant whatever the fixture's size: a first pass reads the whole file for
/// its totals, integrity and the width of the `seq` column, a second pass prints each record as
/// it is read (up to the records the first pass saw, so a file still growing prints a
/// consistent report). A damaged fixture — truncated, corrupt, or with a response or error that
/// answers no earlier request — lists its records, then the damage, and exits 65. Values that
/// look like secrets (see `SecretScanner`) are warned about on standard error during the first
/// pass, one line each (the first 20, then a count), never quoting the value; warnings do not
/// change the exit code.
public struct InspectCommand: TableflowCommand {
  init() {}

  /// `inspect`'s arguments.
  public var spec: CommandSpec {
    CommandSpec(
      name: "inspect", summary: "Shows a fixture's header, records, sizes and integrity.",
      positionals: [.init("FIXTURE", help: "a recorded session (.jsonl.gz or .partial)")],
      flags: [.init("--json", help: "one JSON object instead of text")])
  }

  /// What the first pass learns.
  struct Survey {
    var header: FixtureHeader
    var recordCount = 0
    var lastSeq = 0
    var inflatedBytes = 0
    /// The first record that answers no earlier request, and how many more there are.
    var inconsistency: String?
    var moreInconsistencies = 0
    /// Physical damage: truncation, corruption, a malformed record.
    var damage: FixtureError?
    /// The first values that look like secrets, and how many more there are.
    var secrets: [SecretScanner.Finding] = []
    var moreSecrets = 0

    /// The integrity problems, root cause first (the inconsistency comes before any damage).
    var issues: [String] {
      var issues: [String] = []
      if let inconsistency {
        let more = moreInconsistencies > 0 ? " (and \(moreInconsistencies) more)" : ""
        issues.append(inconsistency + more)
      }
      if let damage { issues.append(damage.description) }
      return issues
    }
  }

  /// Reads the fixture and prints the report.
  public func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitCode {
    guard let path = arguments.positional(0) else { return .usage }
    let survey: Survey
    let reader: FixtureReader
    do {
      try InputFile.requireRegularFile(path)
      survey = try Self.survey(path)
      reader = try FixtureReader(path: path)
    } catch let failure as CommandFailure {
      io.fail(failure.message)
      return failure.code
    } catch let error as FixtureError {
      io.fail(error.description)
      return error.code == .io ? .ioError : .dataError
    } catch {
      io.fail("\(path): \(error)")
      return .software
    }
    let compressed = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let report = Report(path: path, survey: survey, compressedBytes: compressed, out: io.out)
    if arguments.has("--json") {
      report.writeJSON(reader)
    } else {
      report.writeText(reader)
    }
    io.out.flush()
    let issues = survey.issues
    for issue in issues { io.fail(issue) }
    Self.warn(about: survey, in: path, io: io)
    return issues.isEmpty ? .success : .dataError
  }

  static let shownSecrets = 20

  private static func warn(about survey: Survey, in path: String, io: CommandIO) {
    for finding in survey.secrets {
      io.err.line(
        "\(io.tool.name): warning: \(path): \(finding) (possible secret; '\(io.tool.name) redact' rewrites it)"
      )
    }
    if survey.moreSecrets > 0 {
      io.err.line("\(io.tool.name): warning: \(path): \(survey.moreSecrets) more possible secrets")
    }
  }

  private static func note(_ findings: [SecretScanner.Finding], in survey: inout Survey) {
    for finding in findings {
      if survey.secrets.count < shownSecrets {
        survey.secrets.append(finding)
      } else {
        survey.moreSecrets += 1
      }
    }
  }

  /// Reads every record once, keeping only counts and the request `seq`s.
  static func survey(_ path: String) throws(FixtureError) -> Survey {
    let reader = try FixtureReader(path: path)
    var survey = Survey(header: reader.header)
    var consistency = RecordSummary.Consistency()
    var scanner = SecretScanner()
    note(scanner.scan(reader.header), in: &survey)
    do {
      while let record = try reader.next() {
        note(scanner.scan(record), in: &survey)
        survey.recordCount += 1
        survey.lastSeq = record.seq
        if let problem = consistency.check(record) {
          if survey.inconsistency == nil {
            survey.inconsistency = "\(path): record \(survey.recordCount): \(problem)"
          } else {
            survey.moreInconsistencies += 1
          }
        }
      }
    } catch {
      survey.damage = error
    }
    survey.inflatedBytes = reader.inflatedBytes
    return survey
  }
}

/// The second pass of `inspect`: writes the report as it reads the records.
private struct Report {
  let path: String
  let survey: InspectCommand.Survey
  let compressedBytes: Int
  let out: any OutputSink

  init(path: String, survey: InspectCommand.Survey, compressedBytes: Int, out: any OutputSink) {
    self.path = path
    self.survey = survey
    self.compressedBytes = compressedBytes
    self.out = out
  }

  var ratio: Double {
    compressedBytes > 0 ? Double(survey.inflatedBytes) / Double(compressedBytes) : 0
  }

  /// Calls `body` with each record the survey counted and its line's size.
  func forEachRecord(_ reader: FixtureReader, _ body: (FixtureRecord, Int) -> Void) {
    var remaining = survey.recordCount
    while remaining > 0, let record = try? reader.next() {
      remaining -= 1
      body(record, reader.lastRecordSize)
    }
  }

  func writeText(_ reader: FixtureReader) {
    let header = survey.header
    // What a fixture says is printed escaped: a hostile file cannot forge lines or send
    // terminal escapes through inspect.
    let clean = TextEscaping.inline
    var head = "\(clean(path))\n"
    head += "  format   \(FixtureHeader.formatName) v\(header.version)\n"
    head += "  feed     \(clean(header.feed))\n"
    head += "  tool     \(clean(header.tool))\n"
    if let base = header.base { head += "  base     \(clean(base))\n" }
    for (name, value) in header.params.sorted(by: { $0.key < $1.key }) {
      // Echoed, so cut: a 100 KB parameter does not flood the terminal.
      head += "  param    \(TextEscaping.echoed(name))=\(TextEscaping.echoed(value, limit: 200))\n"
    }
    if let spec = header.spec { head += "  spec     \(clean(spec.file)) (sha256 \(clean(spec.sha256)))\n" }
    head += "records:\n"
    out.write(head)
    let width = String(survey.lastSeq).count
    forEachRecord(reader) { record, bytes in
      let (type, summary) = RecordSummary.describe(record)
      let seq = String(record.seq)
      let padded = String(repeating: " ", count: max(0, width - seq.count)) + seq
      out.write(
        "  \(padded) \(type.padding(toLength: 8, withPad: " ", startingAt: 0)) \(clean(summary)) (\(bytes) B)\n"
      )
    }
    var tail = "size: \(compressedBytes) B compressed, \(survey.inflatedBytes) B inflated, "
    tail += "ratio \(RecordSummary.decimal(ratio))\n"
    let issues = survey.issues
    if issues.isEmpty {
      tail += "integrity: ok\n"
    } else {
      for issue in issues { tail += "integrity: DAMAGED: \(clean(issue))\n" }
    }
    out.write(tail)
  }

  private struct Line: Encodable {
    var seq: Int
    var type: String
    var summary: String
    var bytes: Int
  }

  /// One JSON object, keys sorted, records streamed in the middle.
  func writeJSON(_ reader: FixtureReader) {
    let header = survey.header
    let issues = survey.issues
    var head = "{"
    if let base = header.base { head += "\"base\":\(Self.json(base))," }
    head += "\"compressedBytes\":\(compressedBytes),"
    if !issues.isEmpty { head += "\"damage\":\(Self.json(issues.joined(separator: "; ")))," }
    head += "\"feed\":\(Self.json(header.feed)),\"file\":\(Self.json(path)),"
    head += "\"format\":\(Self.json(FixtureHeader.formatName)),"
    head += "\"inflatedBytes\":\(survey.inflatedBytes),\"intact\":\(issues.isEmpty),"
    head += "\"params\":{"
    head += header.params.sorted { $0.key < $1.key }.map { "\(Self.json($0.key)):\(Self.json($0.value))" }
      .joined(separator: ",")
    head += "},\"ratio\":\(ratio),\"records\":["
    out.write(head)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var first = true
    forEachRecord(reader) { record, bytes in
      let (type, summary) = RecordSummary.describe(record)
      guard let data = try? encoder.encode(Line(seq: record.seq, type: type, summary: summary, bytes: bytes))
      else { return }
      if !first { out.write(",") }
      first = false
      out.write(bytes: Array(data))
    }
    out.write("],\"tool\":\(Self.json(header.tool)),\"version\":\(header.version)}\n")
  }

  /// `text` as a JSON string.
  private static func json(_ text: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    guard let data = try? encoder.encode(text) else { return "\"\"" }
    return String(decoding: data, as: UTF8.self)
  }
}
