import TableFlow

/// A one-line progress display on standard error for sessions that take more than a second.
///
/// Shown only when standard error is a terminal, so logs, pipes and CI output never see it.
/// It uses no colour, so `NO_COLOR` needs no handling.
final class ProgressLine: Sendable {
  private let counts = Locked<(snapshots: Int, requests: Int)>((0, 0))
  private let task = Locked<Task<Void, Never>?>(nil)
  private let sink: any OutputSink

  /// Starts the display on `io.err` if it is a terminal; otherwise it stays silent.
  init(io: CommandIO, label: String) {
    sink = io.err
    guard io.errIsTerminal else { return }
    let display = Task { [self] in await show(label: label) }
    task.withLock { $0 = display }
  }

  private func show(label: String) async {
    do {
      try await Task.sleep(for: .seconds(1))
      while !Task.isCancelled {
        let (snapshots, requests) = counts.withLock { $0 }
        sink.write("\r\(label): \(requests) requests, \(snapshots) snapshots presented")
        sink.flush()
        try await Task.sleep(for: .milliseconds(250))
      }
    } catch {
      return  // cancelled: the session is over
    }
  }

  /// Counts a presented snapshot.
  func snapshotPresented() { counts.withLock { $0.snapshots += 1 } }

  /// Counts a request sent.
  func requestStarted(_ count: Int) { counts.withLock { $0.requests += count } }

  /// Stops the display and clears its line.
  func finish() async {
    guard let running = task.withLock({ $0 }) else { return }
    running.cancel()
    await running.value
    sink.write("\r\u{1B}[K")
    sink.flush()
  }
}
