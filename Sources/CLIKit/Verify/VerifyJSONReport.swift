import Foundation
import TableCore
import TableFlow

/// The JSON-lines report `verify --json PATH` writes (`--json -`: to standard output), which
/// `verify --merge` reads back.
///
/// Line 1 is a header naming the run, so that shards' reports can be checked before they are
/// merged:
///
/// ```
/// {"folder":"Fixtures","format":"tableflow-verify-report","shard":{"count":3,"index":1},"strict":false,"tool":"tableflow 0.9.0","version":1}
/// ```
///
/// Each further line is one session, in sorted order: `fixture` (`null` for a golden without a
/// fixture), `golden`, `status` (`passed`, `failed`, `cached`), `exit` (what it adds to
/// `verify`'s exit code), `expected_exit` (the exit a session failing by design ended with, as
/// its sidecar expects, else `null`), `duration_ms`, `first_difference` (`line`, `step`, `step_number`,
/// `expected`, `actual`, or `null`), `diff` (a short one, or `null`), `messages` (why it failed)
/// and `unused_requests` (`METHOD URL` of each recorded request it never sent). Keys are
/// sorted and strings escaped as JSON, so the bytes depend only on the results.
struct VerifyJSONReport: Equatable {
  /// What line 1 says about the run.
  struct Header: Hashable {
    static let format = "tableflow-verify-report"
    static let version = 1

    /// The program that ran the shard, `NAME VERSION`.
    var tool: String
    /// The folder as given to `verify`.
    var folder: String
    var shard: VerifyPlan.Shard
    /// Whether `--strict` made unused recorded requests failures.
    var strict: Bool
  }

  var header: Header
  var results: [SessionResult]

  /// The report as JSON lines, each ended by a newline.
  func text() -> String {
    var lines = [
      JSONValue.object([
        "format": .string(Header.format), "version": .integer(Header.version), "tool": .string(header.tool),
        "folder": .string(header.folder), "strict": .bool(header.strict),
        "shard": .object(["index": .integer(header.shard.index), "count": .integer(header.shard.count)]),
      ])
    ]
    lines += results.map(Self.line)
    return lines.map { $0.text + "\n" }.joined()
  }

  static func line(_ result: SessionResult) -> JSONValue {
    let difference = result.difference.map { difference in
      JSONValue.object([
        "line": .integer(difference.line), "step": difference.step.map(JSONValue.string) ?? .null,
        "step_number": .integer(difference.stepNumber),
        "expected": difference.expected.map(JSONValue.string) ?? .null,
        "actual": difference.actual.map(JSONValue.string) ?? .null,
      ])
    }
    return .object([
      "fixture": result.fixture.map(JSONValue.string) ?? .null, "golden": .string(result.golden),
      "status": .string(result.status.rawValue), "exit": .integer(Int(result.exit.rawValue)),
      "expected_exit": result.expectedExit.map { .integer(Int($0.rawValue)) } ?? .null,
      "duration_ms": .number(result.durationMilliseconds), "first_difference": difference ?? .null,
      "diff": result.diff.map(JSONValue.string) ?? .null,
      "messages": .array(result.messages.map(JSONValue.string)),
      "unused_requests": .array(result.unusedRequests.map(JSONValue.string)),
    ])
  }

  /// Reads a report written by ``text()``.
  /// - Throws: `CommandFailure` (65) naming the file, the line and what is wrong there.
  static func parse(_ text: String, file: String) throws(CommandFailure) -> VerifyJSONReport {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.first, !first.isEmpty else {
      throw CommandFailure(.dataError, "\(file): empty; expected a verify --json report")
    }
    let decoder = JSONDecoder()
    let header: HeaderLine
    do {
      header = try decoder.decode(HeaderLine.self, from: Data(first.utf8))
    } catch {
      throw CommandFailure(
        .dataError, "\(file): line 1: not the header of a verify --json report (\(Self.cause(of: error)))")
    }
    guard header.format == Header.format else {
      throw CommandFailure(
        .dataError,
        "\(file): line 1: format '\(TextEscaping.echoed(header.format))', expected '\(Header.format)'")
    }
    guard header.version == Header.version else {
      throw CommandFailure(
        .dataError,
        "\(file): line 1: report version \(header.version); this tool reads version \(Header.version)")
    }
    guard header.shard.count >= 1, (1...header.shard.count).contains(header.shard.index) else {
      throw CommandFailure(
        .dataError, "\(file): line 1: shard \(header.shard.index)/\(header.shard.count) is not I/N")
    }
    var results: [SessionResult] = []
    for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
      do {
        results.append(try decoder.decode(SessionLine.self, from: Data(line.utf8)).result())
      } catch {
        throw CommandFailure(.dataError, "\(file): line \(offset + 1): \(Self.cause(of: error))")
      }
    }
    let shard = VerifyPlan.Shard(index: header.shard.index, count: header.shard.count)
    return VerifyJSONReport(
      header: Header(tool: header.tool, folder: header.folder, shard: shard, strict: header.strict),
      results: results)
  }

  private static func cause(of error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, _): return "no '\(key.stringValue)'"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      return "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
    case DecodingError.dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "invalid JSON" : "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' is invalid"
    case let failure as CommandFailure: return failure.message
    default: return "invalid JSON"
    }
  }

  private struct HeaderLine: Decodable {
    struct ShardLine: Decodable {
      var index: Int
      var count: Int
    }
    var format: String
    var version: Int
    var tool: String
    var folder: String
    var strict: Bool
    var shard: ShardLine
  }

  private struct SessionLine: Decodable {
    struct DifferenceLine: Decodable {
      var line: Int
      var step: String?
      var stepNumber: Int
      var expected: String?
      var actual: String?

      enum CodingKeys: String, CodingKey {
        case line, step, expected, actual
        case stepNumber = "step_number"
      }
    }
    var fixture: String?
    var golden: String
    var status: String
    var exit: Int32
    var expectedExit: Int32?
    var durationMilliseconds: Double
    var firstDifference: DifferenceLine?
    var diff: String?
    var messages: [String]
    var unusedRequests: [String]

    enum CodingKeys: String, CodingKey {
      case fixture, golden, status, exit, diff, messages
      case durationMilliseconds = "duration_ms"
      case expectedExit = "expected_exit"
      case firstDifference = "first_difference"
      case unusedRequests = "unused_requests"
    }

    func result() throws(CommandFailure) -> SessionResult {
      guard let status = SessionResult.Status(rawValue: status) else {
        let known = SessionResult.Status.allCases.map(\.rawValue).joined(separator: ", ")
        throw CommandFailure(.dataError, "unknown status '\(TextEscaping.echoed(status))' (one of \(known))")
      }
      guard let exit = ExitCode(rawValue: exit) else {
        throw CommandFailure(.dataError, "unknown exit code \(exit)")
      }
      let expected = try expectedExit.map { code throws(CommandFailure) in
        guard let known = ExitCode(rawValue: code) else {
          throw CommandFailure(.dataError, "unknown expected exit code \(code)")
        }
        return known
      }
      guard golden.hasSuffix(VerifyPlan.goldenSuffix) else {
        throw CommandFailure(.dataError, "golden '\(TextEscaping.echoed(golden))' does not end in .log")
      }
      let difference = firstDifference.map {
        SessionResult.Difference(
          line: $0.line, step: $0.step, stepNumber: $0.stepNumber, expected: $0.expected, actual: $0.actual)
      }
      return SessionResult(
        stem: String(golden.dropLast(VerifyPlan.goldenSuffix.count)), fixture: fixture, golden: golden,
        status: status, exit: exit, expectedExit: expected, durationMilliseconds: durationMilliseconds,
        difference: difference,
        diff: diff, messages: messages, unusedRequests: unusedRequests)
    }
  }
}
