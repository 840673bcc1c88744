import Foundation
import TableCore

/// `tableflow diff OLD.json NEW.json [--format json|text] [--duplicates reject|keep-first|disambiguate]`:
/// the staged changeset between two snapshots in interchange JSON.
///
/// `json` (the default) prints one object in DESIGN.md's changeset form with sorted keys;
/// `text` prints one operation a line. Invalid snapshot JSON or duplicate ids exit 65 with one
/// stderr line naming the file and the position (line and column for a syntax error, the
/// coding path otherwise); a missing file exits 66; bad arguments exit 64. With
/// `--duplicates keep-first` or `disambiguate`, duplicate ids are dropped or renamed (`id#2`)
/// instead, one stderr line each.
public struct DiffCommand: TableflowCommand {
  /// Creates the command.
  public init() {}

  /// The command's arguments and help.
  public var spec: CommandSpec {
    CommandSpec(
      name: "diff", summary: "print the staged changeset between two snapshots in interchange JSON",
      positionals: [
        .init("OLD.json", help: "the snapshot before"), .init("NEW.json", help: "the snapshot after"),
      ],
      options: [
        .init(
          "--format", value: "FORMAT", allowed: ["json", "text"],
          help: "json (one object, DESIGN.md's changeset form; the default) or text (one operation a line)"),
        .init(
          "--duplicates", value: "POLICY", allowed: ["reject", "keep-first", "disambiguate"],
          help: "what a duplicate section or row id does: reject (exit 65; the default), keep-first "
            + "(drop later ones) or disambiguate (rename them id#2, id#3, …); one stderr line each"),
      ],
      discussion:
        "Snapshots are {\"sections\":[{\"id\",\"header\",\"footer\",\"style\",\"collapsed\",\"rows\":"
        + "[{\"id\",\"kind\",\"height\",\"fields\":{…}}]}]}.\n"
        + "Exit codes: 0 ok, 64 bad arguments, 65 invalid snapshot, 66 missing file.")
  }

  /// Runs `diff` with arguments already parsed against ``spec``.
  public func run(_ arguments: ParsedArguments, io: CommandIO) async -> ExitCode {
    Self.diff(arguments, io: io)
  }

  private static func diff(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
    guard let oldPath = arguments.positional(0), let newPath = arguments.positional(1) else {
      io.fail("diff expects two files; usage: \(DiffCommand().spec.usage)")
      return .usage
    }
    let policy: DuplicateIDPolicy
    switch arguments.value("--duplicates") {
    case "keep-first": policy = .keepFirst
    case "disambiguate": policy = .disambiguate
    default: policy = .reject
    }
    let old: TableSnapshot
    let new: TableSnapshot
    do {
      old = try DiffSnapshotLoader.load(oldPath, policy: policy) {
        io.err.write("\(io.tool.name): diff: \($0)\n")
      }
      new = try DiffSnapshotLoader.load(newPath, policy: policy) {
        io.err.write("\(io.tool.name): diff: \($0)\n")
      }
    } catch {
      io.fail("diff: " + error.message)
      return error.exitCode
    }
    let changeset = new.difference(from: old)
    if arguments.value("--format") == "text" {
      let lines = changeset.textLines(from: old)
      io.out.write(lines.isEmpty ? "no changes\n" : lines.joined(separator: "\n") + "\n")
      return .success
    }
    io.out.write(JSONValue(changeset).text + "\n")
    return .success
  }
}
