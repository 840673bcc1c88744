import FixtureKit
import Foundation

/// `tableflow inspect FIXTURE`: a fixture's header, one line per record, sizes, compression
/// ratio and integrity.
///
/// A damaged fixture lists its complete records, then the damage, and exits 65. Values that
/// look like secrets (see `SecretScanner`) are warned about on standard error, one line each,
/// without the value; warnings do not change the exit code.
public struct InspectCommand: TableflowCommand {
  init() {}

  /// `inspect`'s arguments.
  public var spec: CommandSpec {
    CommandSpec(
      name: "inspect", summary: "Shows a fixture's header, records, sizes and integrity.",
      positionals: [.init("FIXTURE", help: "a recorded session (.jsonl.gz or .partial)")],
      flags: [.init("--json", help: "one JSON object instead of text")])
  }

  private struct Line: Encodable {
    var seq: Int
    var type: String
    var summary: String
    var bytes: Int
  }

  private struct Report: Encodable {
    var file: String
    var format: String
    var version: Int
    var feed: String
    var tool: String
    var base: String?
    var params: [String: String]
    var records: [Line]
    var compressedBytes: Int
    var inflatedBytes: Int
    var ratio: Double
    var intact: Bool
    var damage: String?
  }

  /// Reads the fixture and prints the report.
  public func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitCode {
    guard let path = arguments.positional(0) else { return .usage }
    guard FileManager.default.fileExists(atPath: path) else {
      io.fail("\(path): no such file")
      return .noInput
    }
    let reader: FixtureReader
    do {
      reader = try FixtureReader(path: path)
    } catch {
      io.fail(error.description)
      return error.code == .io ? .ioError : .dataError
    }
    var lines: [Line] = []
    var damage: FixtureError?
    var scanner = SecretScanner()
    var findings = scanner.scan(reader.header)
    do {
      while let record = try reader.next() {
        lines.append(Self.line(for: record, bytes: reader.lastRecordSize))
        findings += scanner.scan(record)
      }
    } catch {
      damage = error
    }
    Self.warn(about: findings, in: path, io: io)
    let compressed = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let header = reader.header
    let report = Report(
      file: path, format: FixtureHeader.formatName, version: header.version, feed: header.feed,
      tool: header.tool, base: header.base, params: header.params, records: lines,
      compressedBytes: compressed, inflatedBytes: reader.inflatedBytes,
      ratio: compressed > 0 ? Double(reader.inflatedBytes) / Double(compressed) : 0,
      intact: damage == nil, damage: damage?.description)
    if arguments.has("--json") {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      guard let json = try? encoder.encode(report) else { return .software }
      io.out.write(bytes: Array(json) + [0x0A])
    } else {
      io.out.write(Self.text(of: report))
    }
    if let damage {
      io.fail(damage.description)
      return .dataError
    }
    return .success
  }

  /// One stderr line per finding (the first 20, then a count), never quoting a value.
  private static func warn(about findings: [SecretScanner.Finding], in path: String, io: CommandIO) {
    let shown = 20
    for finding in findings.prefix(shown) {
      io.err.line("tableflow: warning: \(path): \(finding) (possible secret; 'tableflow redact' rewrites it)")
    }
    if findings.count > shown {
      io.err.line("tableflow: warning: \(path): \(findings.count - shown) more possible secrets")
    }
  }

  private static func line(for record: FixtureRecord, bytes: Int) -> Line {
    switch record.entry {
    case .request(let request):
      let body = request.body.map { ", body \($0.count) B" } ?? ""
      return Line(
        seq: record.seq, type: "request", summary: "\(request.method) \(request.url)\(body)", bytes: bytes)
    case .response(let response):
      let summary =
        "to \(response.request): \(response.status), body \(response.body.count) B, "
        + "\(formatted(response.elapsedMilliseconds)) ms"
      return Line(seq: record.seq, type: "response", summary: summary, bytes: bytes)
    case .intent(let intent):
      return Line(seq: record.seq, type: "intent", summary: intent, bytes: bytes)
    case .error(let failure):
      let to = failure.request.map { "to \($0): " } ?? ""
      let code = failure.code.map { "\($0): " } ?? ""
      return Line(seq: record.seq, type: "error", summary: to + code + failure.message, bytes: bytes)
    }
  }

  private static func text(of report: Report) -> String {
    var out = "\(report.file)\n"
    out += "  format   \(report.format) v\(report.version)\n"
    out += "  feed     \(report.feed)\n"
    out += "  tool     \(report.tool)\n"
    if let base = report.base { out += "  base     \(base)\n" }
    for (name, value) in report.params.sorted(by: { $0.key < $1.key }) {
      out += "  param    \(name)=\(value)\n"
    }
    out += "records:\n"
    let width = String(report.records.last?.seq ?? 0).count
    for line in report.records {
      let seq = String(repeating: " ", count: width - String(line.seq).count) + String(line.seq)
      let type = line.type.padding(toLength: 8, withPad: " ", startingAt: 0)
      out += "  \(seq) \(type) \(line.summary) (\(line.bytes) B)\n"
    }
    out += "size: \(report.compressedBytes) B compressed, \(report.inflatedBytes) B inflated, "
    out += "ratio \(formatted(report.ratio))\n"
    out += "integrity: " + (report.damage.map { "DAMAGED: \($0)" } ?? "ok") + "\n"
    return out
  }

  private static func formatted(_ value: Double) -> String {
    let hundredths = (value * 100).rounded()
    let whole = Int(hundredths / 100)
    let fraction = Int(abs(hundredths).truncatingRemainder(dividingBy: 100))
    return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
