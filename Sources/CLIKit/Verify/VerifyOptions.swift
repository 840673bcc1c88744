import Foundation

/// What a `verify` command line asks for, checked before anything is replayed.
struct VerifyOptions: Equatable {
  /// The folder as given (default `Fixtures`).
  var folder = "Fixtures"
  /// With `--merge`: the shard reports to merge.
  var reports: [String] = []
  var merges = false
  var jobs = 1
  var shard = VerifyPlan.Shard.all
  /// Bazel's `TEST_SHARD_STATUS_FILE`, touched to say this runner shards.
  var shardStatusFile: String?
  var update = false
  var strict = false
  var html: String?
  var junit: String?
  /// `--json PATH`; `-` is standard output.
  var json: String?
  var timings: String?
  var cache: String?

  /// Whether the JSON report goes to standard output, the other output lines to standard error.
  var jsonToStandardOutput: Bool { json == "-" }

  /// Reads the arguments, and Bazel's `TEST_TOTAL_SHARDS`/`TEST_SHARD_INDEX` when `--shard` is
  /// not given.
  /// - Throws: `CommandFailure` (64) for a bad value or a combination that cannot work.
  static func parse(
    _ arguments: ParsedArguments, environment: [String: String]
  ) throws(CommandFailure) -> VerifyOptions {
    var options = VerifyOptions()
    options.merges = arguments.has("--merge")
    if options.merges {
      options.reports = arguments.positionals
      guard !options.reports.isEmpty else {
        throw CommandFailure(.usage, "--merge expects the shards' reports: verify --merge A.json B.json …")
      }
      for flag in ["--update", "--strict"] where arguments.has(flag) {
        throw CommandFailure(.usage, "\(flag) does not apply to --merge, which replays nothing")
      }
      for option in ["--shard", "--cache", "--jobs"] where arguments.value(option) != nil {
        throw CommandFailure(.usage, "\(option) does not apply to --merge, which replays nothing")
      }
    } else {
      guard arguments.positionals.count <= 1 else {
        throw CommandFailure(
          .usage,
          "verify takes one folder (got \(arguments.positionals.count)); to merge reports, add --merge")
      }
      options.folder = arguments.positional(0) ?? "Fixtures"
    }
    options.jobs = try VerifyCommand.jobs(arguments.value("--jobs"))
    if let text = arguments.value("--shard") {
      options.shard = try VerifyPlan.Shard.parse(text)
    } else if !options.merges {
      options.shard = try bazelShard(environment) ?? .all
    }
    options.shardStatusFile = environment["TEST_SHARD_STATUS_FILE"].flatMap { $0.isEmpty ? nil : $0 }
    options.update = arguments.has("--update")
    options.strict = arguments.has("--strict")
    options.html = arguments.value("--html")
    options.junit = arguments.value("--junit")
    options.json = arguments.value("--json")
    options.timings = arguments.value("--timings")
    options.cache = arguments.value("--cache")
    if options.merges, options.html != nil {
      throw CommandFailure(
        .usage,
        "--html cannot be merged: the review page needs each session's logs and tables, which the "
          + "JSON reports do not carry; run verify --html on the shard (or locally) instead")
    }
    let outputs = [options.html, options.junit, options.json == "-" ? nil : options.json, options.timings]
      .compactMap { $0 }
    if let twice = outputs.first(where: { path in outputs.filter { $0 == path }.count > 1 }) {
      throw CommandFailure(
        .usage, "\(twice): named as two of the outputs (--html, --junit, --json, --timings)")
    }
    return options
  }

  /// The shard Bazel asks for: `TEST_SHARD_INDEX` (from 0) of `TEST_TOTAL_SHARDS`, or `nil`
  /// when Bazel does not shard.
  /// - Throws: `CommandFailure` (64) naming the variable that is not a valid number.
  static func bazelShard(_ environment: [String: String]) throws(CommandFailure) -> VerifyPlan.Shard? {
    guard let totalText = environment["TEST_TOTAL_SHARDS"], !totalText.isEmpty else { return nil }
    guard let total = Int(totalText), total >= 1 else {
      throw CommandFailure(.usage, "TEST_TOTAL_SHARDS must be a count of at least 1 (got '\(totalText)')")
    }
    let indexText = environment["TEST_SHARD_INDEX"] ?? ""
    guard let index = Int(indexText), (0..<total).contains(index) else {
      throw CommandFailure(
        .usage,
        "TEST_SHARD_INDEX must be from 0 to \(total - 1) when TEST_TOTAL_SHARDS is \(total) (got '\(indexText)')"
      )
    }
    return VerifyPlan.Shard(index: index + 1, count: total)
  }

  /// Creates Bazel's shard status file if it is missing, and updates its time: it tells the
  /// test runner that this program shards as asked.
  /// - Throws: `CommandFailure` (74) naming the file when it cannot be touched.
  static func touch(_ path: String) throws(CommandFailure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw CommandFailure(
        .ioError, "\(path): cannot touch the shard status file: \(String(cString: strerror(errno)))")
    }
    _ = futimens(descriptor, nil)
    close(descriptor)
  }
}
