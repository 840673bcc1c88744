import FixtureKit
import Foundation
import TableFlow

/// A live transport stand-in: answers with a closure and counts the requests it saw.
final class ScriptedBackend: Transport {
  let answer: @Sendable (TransportRequest) throws(TransportError) -> TransportResponse
  private let seen = Locked<[TransportRequest]>([])

  init(answer: @escaping @Sendable (TransportRequest) throws(TransportError) -> TransportResponse) {
    self.answer = answer
  }

  var requests: [TransportRequest] { seen.withLock { $0 } }

  func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    seen.withLock { $0.append(request) }
    return try answer(request)
  }

  /// Echoes the path and query in the body, with a fixed latency.
  static func echo() -> ScriptedBackend {
    ScriptedBackend { request in
      TransportResponse(
        status: 200, headers: [NameValue("Content-Type", "text/plain")],
        body: Array("answer to \(request.method) \(request.relativeURL)".utf8),
        elapsed: .milliseconds(25))
    }
  }
}

/// A clock whose time stands still and which logs every sleep instead of sleeping.
final class SleepLoggingClock: Clock {
  typealias Instant = ContinuousClock.Instant
  let origin = ContinuousClock.now
  private let log = Locked<[Duration]>([])

  var now: Instant { origin }
  var minimumResolution: Duration { .nanoseconds(1) }
  var sleeps: [Duration] { log.withLock { $0 } }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let duration = origin.duration(to: deadline)
    log.withLock { $0.append(duration) }
  }
}

/// Decompresses a gzip file with the system's `zcat`, independently of FixtureKit.
func zcat(_ path: String) throws -> [UInt8] {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["zcat", path]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = Pipe()
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return Array(data)
}

extension Array where Element == UInt8 {
  /// Whether `needle` occurs anywhere in these bytes.
  func contains(bytes needle: String) -> Bool {
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty, pattern.count <= count else { return false }
    return (0...(count - pattern.count)).contains { start in
      self[start..<(start + pattern.count)].elementsEqual(pattern)
    }
  }
}
