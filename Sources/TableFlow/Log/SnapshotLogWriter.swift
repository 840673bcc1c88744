/// Turns pipeline events into a snapshot log, one event at a time, deterministically to the
/// byte: no times, no addresses, nothing in hash order.
public protocol SnapshotLogWriter {
  /// The log lines for one event (each ending in a newline), or an empty string for events
  /// the log leaves out.
  mutating func text(for event: BusEvent) -> String

  /// Appends the log lines for one event to `output`, nothing for events the log leaves out.
  ///
  /// The built-in writers write straight into `output`, with no string per line or per
  /// snapshot; the default appends ``text(for:)``.
  mutating func write(_ event: BusEvent, to output: inout String)
}

/// The snapshot log formats.
public enum LogFormat: String, Hashable, Sendable, CaseIterable {
  /// For people and golden files: see ``TextLogWriter``.
  case text
  /// One JSON object a line: see ``JSONLinesLogWriter``.
  case jsonl

  /// A fresh writer for this format; `full` prints every text snapshot whole.
  public func makeWriter(full: Bool = false) -> any SnapshotLogWriter {
    switch self {
    case .text: return TextLogWriter(full: full)
    case .jsonl: return JSONLinesLogWriter()
    }
  }
}

extension SnapshotLogWriter {
  /// Appends ``text(for:)``.
  public mutating func write(_ event: BusEvent, to output: inout String) {
    output += text(for: event)
  }

  /// The whole log of a list of events.
  public mutating func log(of events: some Sequence<BusEvent>) -> String {
    var output = ""
    for event in events { write(event, to: &output) }
    return output
  }
}
