import Foundation

/// The recording time a fixture's header carries (`"recorded"`): RFC 3339 in UTC, to the second,
/// such as `2026-12-02T03:30:00Z`.
public enum RecordingDate {
  /// `date` as the header writes it.
  public static func text(for date: Date) -> String {
    formatter().string(from: date)
  }

  /// The time a header's `recorded` text stands for, or `nil` when it is not in that form.
  public static func date(from text: String) -> Date? {
    formatter().date(from: text)
  }

  private static func formatter() -> ISO8601DateFormatter {
    // A formatter per call: ISO8601DateFormatter is not Sendable, and this runs once a session.
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter
  }
}
