import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `run`'s limits and secrets end to end: the built binary against `tools/hostile-server.py`.
@Suite("tableflow secrets and hostile backends", .serialized)
struct SecretsCommandTests {
  static func server() throws -> APIServer {
    try APIServer(script: "tools/hostile-server.py", arguments: ["--max-requests", "20", "--lifetime", "90"])
  }

  static func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tableflow-secrets-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Runs `tableflow arguments…` with `posix_spawn` and reaps it with `wait4`, so its own
  /// peak resident set is known (not that of every child the test process ever had).
  /// - Returns: the exit status, the peak RSS in bytes, and what it wrote to standard error.
  static func runMeasured(
    _ arguments: [String], in folder: URL
  ) throws -> (status: Int32, peakRSS: Int, stderr: String) {
    let errPath = folder.appendingPathComponent("stderr.txt").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = ([CLIProcess.binary.path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, CLIProcess.binary.path, &actions, nil, argv, environ)
    try #require(spawned == 0)
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
    let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
    return (exit, usage.ru_maxrss * 1024, stderr)
  }

  @Test("a gzip bomb is cut at --max-response-bytes: error row, exit 69, memory bounded")
  func gzipBombIsCapped() throws {
    let server = try Self.server()
    defer { server.stop() }
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let base = server.baseURL.absoluteString
    let run = try CLIProcess.run([
      "run", "profile", "--live", base + "/bomb/\(1 << 30)", "--max-response-bytes", "\(1 << 20)",
    ])
    #expect(run.status == 69, "\(run.stderr)")
    #expect(run.stderr.contains("response too large"))
    #expect(run.stdout.contains("tableflow.error"))
    // Before the cap, this 1 GiB bomb peaked at 4.25 GB and a 2 GiB body at 8.45 GB. The bound is
    // on the growth over the same command's peak on a tiny answer, so what the process needs to
    // start (and the machine's allocator) is not counted; under a sanitizer, whose shadow memory
    // grows with every byte touched, only the exit status is checked.
    let baseline = try Self.runMeasured(["run", "profile", "--live", base + "/bomb/1024"], in: folder)
    for path in ["/bomb/\(1 << 30)", "/big/\(2 << 30)"] {
      let measured = try Self.runMeasured(
        ["run", "profile", "--live", base + path, "--max-response-bytes", "\(1 << 20)"], in: folder)
      #expect(measured.status == 69, "\(measured.stderr)")
      if !Sanitizers.active {
        // Measured 38–52 MB in all, a few MB over the baseline.
        let growth = measured.peakRSS - baseline.peakRSS
        #expect(
          growth < 100 << 20, "\(path): peak RSS \(measured.peakRSS) bytes, baseline \(baseline.peakRSS)")
      }
    }
  }

  @Test("--timeout is a total deadline: a body dripping a byte every 100 ms ends with 69")
  func slowDripTimesOut() throws {
    let server = try Self.server()
    defer { server.stop() }
    let start = ContinuousClock.now
    let run = try CLIProcess.run([
      "run", "profile", "--live", server.baseURL.absoluteString + "/drip/1000/100", "--timeout", "1",
    ])
    #expect(run.status == 69, "\(run.stderr)")
    #expect(run.stderr.contains("timed out: no complete response within 1 s"))
    #expect(ContinuousClock.now - start < .seconds(15))
  }

  @Test("a cross-origin redirect is refused (69) unless --follow-redirects")
  func crossOriginRedirect() throws {
    let server = try Self.server()
    defer { server.stop() }
    let base = server.baseURL.absoluteString + "/redirect-cross"
    let refused = try CLIProcess.run([
      "run", "profile", "--live", base, "--header", "Authorization: Bearer t-123456",
    ])
    #expect(refused.status == 69, "\(refused.stderr)")
    #expect(refused.stderr.contains("redirect refused"))
    #expect(!refused.stderr.contains("t-123456"))
    let followed = try CLIProcess.run([
      "run", "profile", "--live", base, "--header", "Authorization: Bearer t-123456", "--follow-redirects",
    ])
    #expect(followed.status == 0, "\(followed.stderr)")
    #expect(followed.stdout.contains(#"fullName="Echo""#) || followed.stdout.contains("Echo"))
  }

  @Test("a recording against an echoing backend holds no credential, replays, and inspect is quiet")
  func recordingAgainstEchoIsClean() throws {
    let server = try Self.server()
    defer { server.stop() }
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixture = folder.appendingPathComponent("echo.jsonl.gz").path
    var base = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)
    base?.user = "alice"
    base?.password = "pw-cli-4242"
    base?.path = "/echo"
    let live = try CLIProcess.run([
      "run", "profile", "--live", try #require(base?.string), "--header", "X-Api-Key: key-cli-8888",
      "--header", "X-Note: note-cli-7777", "--record", fixture,
    ])
    #expect(live.status == 0, "\(live.stderr)")
    #expect(!live.stderr.contains("pw-cli-4242"))
    let text = try String(decoding: Self.zcat(fixture), as: UTF8.self)
    for secret in [
      "pw-cli-4242", Data("alice:pw-cli-4242".utf8).base64EncodedString(), "key-cli-8888", "note-cli-7777",
      "srv-token-5d41402abc4b2a76b9719d911017c592", "srv-session-7e3c1b9f2d",
    ] {
      #expect(!text.contains(secret), "\(secret) leaked")
    }
    #expect(text.contains(#"["X-Note","REDACTED"]"#))
    // The replayed log is the live one but for the echo's size: its secrets are REDACTED.
    let replay = try CLIProcess.run(["replay", fixture])
    #expect(replay.status == 0, "\(replay.stderr)")
    let withoutSizes = { (log: String) in log.split(separator: "\n").filter { !$0.hasSuffix(" bytes") } }
    #expect(withoutSizes(replay.stdout) == withoutSizes(live.stdout))
    #expect(
      replay.stdout.contains("GET /echo/api/profile → 200")
        || replay.stdout.contains("GET /api/profile → 200"))
    let inspect = try CLIProcess.run(["inspect", fixture])
    #expect(inspect.status == 0)
    #expect(!inspect.stderr.contains("warning"), "\(inspect.stderr)")
  }

  @Test("redact rewrites a leaky fixture so replay still matches and inspect stops warning")
  func redactCommand() throws {
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fixture = folder.appendingPathComponent("leaky.jsonl.gz").path
    let lines = [
      #"{"format":"tableflow-fixture","version":1,"feed":"signin","tool":"t"}"#,
      #"{"seq":1,"type":"intent","intent":"load"}"#,
      #"{"seq":2,"type":"intent","intent":"edit username pmtao"}"#,
      #"{"seq":3,"type":"intent","intent":"select signin-with-password"}"#,
      #"{"seq":4,"type":"intent","intent":"edit password plum-tea-7391"}"#,
      #"{"seq":5,"type":"intent","intent":"select submit"}"#,
      #"{"seq":6,"type":"request","method":"POST","url":"/api/session","headers":[["Content-Type","application/json"]],"body":"{\"password\":\"plum-tea-7391\",\"remember\":false,\"username\":\"pmtao\"}"}"#,
      #"{"seq":7,"type":"response","request":6,"status":200,"elapsedMs":1,"headers":[["X-Session-Token","tok-abcdef-123"]],"body":"{\"data\":{\"id\":1,\"username\":\"pmtao\",\"fullName\":\"P\",\"token\":\"tok-abcdef-123\"},\"error\":0,\"message\":\"Welcome\"}"}"#,
    ]
    try Self.gzip(lines.joined(separator: "\n") + "\n", to: fixture)
    let before = try CLIProcess.run(["replay", fixture])
    #expect(before.status == 0, "\(before.stderr)")
    let warned = try CLIProcess.run(["inspect", fixture])
    #expect(warned.stderr.contains("tableflow: warning: \(fixture): record 4: a secret in the intent"))
    #expect(warned.stderr.contains("record 6: a secret value in the request body"))
    #expect(warned.stderr.contains("record 7: header \"X-Session-Token\" is not redacted"))
    #expect(!warned.stderr.contains("plum-tea-7391"))

    let redact = try CLIProcess.run(["redact", fixture])
    #expect(redact.status == 0, "\(redact.stderr)")
    #expect(redact.stdout == "\(fixture): redacted 3 of 7 records\n")
    let text = try String(decoding: Self.zcat(fixture), as: UTF8.self)
    #expect(!text.contains("plum-tea-7391") && !text.contains("tok-abcdef-123"))
    let after = try CLIProcess.run(["replay", fixture])
    #expect(after.status == 0, "\(after.stderr)")
    // The same log but for the response's size (its token is now REDACTED).
    let withoutSizes = { (log: String) in log.split(separator: "\n").filter { !$0.hasSuffix(" bytes") } }
    #expect(withoutSizes(after.stdout) == withoutSizes(before.stdout))
    #expect(after.stdout.contains("POST /api/session → 200"))
    #expect(try CLIProcess.run(["inspect", fixture]).stderr.isEmpty)
    let missing = try CLIProcess.run(["redact", fixture, folder.appendingPathComponent("nope.jsonl.gz").path])
    #expect(missing.status == 66)
    #expect(missing.stdout.contains("nothing to redact"))
  }

  static func zcat(_ path: String) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["zcat", path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data
  }

  static func gzip(_ text: String, to path: String) throws {
    let input = URL(fileURLWithPath: path).deletingPathExtension()
    try Data(text.utf8).write(to: input)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-f", input.path]
    try process.run()
    process.waitUntilExit()
  }
}
