/// One-line descriptions of fixture records and their numbers, as `tableflow inspect` prints
/// them, plus the consistency checks inspect applies between records.
///
/// Total over every input: any record a reader returns, any `Double`, formats without trapping
/// (the fuzz target in `tools/fuzz` drives it).
public enum RecordSummary {
  /// The record's type name (`request`, `response`, `intent`, `error`) and a one-line summary
  /// of what it holds.
  public static func describe(_ record: FixtureRecord) -> (type: String, summary: String) {
    switch record.entry {
    case .request(let request):
      let body = request.body.map { ", body \($0.count) B" } ?? ""
      return ("request", "\(request.method) \(request.url)\(body)")
    case .response(let response):
      let summary =
        "to \(response.request): \(response.status), body \(response.body.count) B, "
        + "\(decimal(response.elapsedMilliseconds)) ms"
      return ("response", summary)
    case .intent(let intent):
      return ("intent", intent)
    case .error(let failure):
      let to = failure.request.map { "to \($0): " } ?? ""
      let code = failure.code.map { "\($0): " } ?? ""
      return ("error", to + code + failure.message)
    }
  }

  /// `value` with two decimals (`12.50`, `-0.25`), for any `Double`.
  ///
  /// Values whose hundredths do not fit in 15 digits, and infinities and NaN, are printed in
  /// Swift's shortest round-trip form (`9.2e+18`, `inf`, `nan`), never rounded through an
  /// integer conversion that could trap.
  public static func decimal(_ value: Double) -> String {
    let hundredths = (value * 100).rounded()
    guard hundredths.isFinite, hundredths.magnitude < 1e15 else { return "\(value)" }
    let magnitude = Int(hundredths.magnitude)
    let fraction = magnitude % 100
    let sign = hundredths < 0 ? "-" : ""
    return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// Checks that responses and errors answer requests recorded before them.
  ///
  /// Feed it every record in file order; it keeps only the `seq`s of requests (8 bytes each).
  public struct Consistency: Sendable {
    /// The `seq`s of request records seen so far, ascending (records come in `seq` order).
    private var requests: [Int] = []

    /// Creates a checker that has seen no records.
    public init() {}

    /// Notes `record` and returns what is wrong with it, if anything: a response or error
    /// naming a request that comes later in the file, or a `seq` that is not a request.
    public mutating func check(_ record: FixtureRecord) -> String? {
      let answered: Int?
      switch record.entry {
      case .request:
        requests.append(record.seq)
        return nil
      case .intent:
        return nil
      case .response(let response): answered = response.request
      case .error(let failure): answered = failure.request
      }
      guard let answered else { return nil }
      if answered >= record.seq {
        return "\(record.entry.typeName) \(record.seq) answers request \(answered), which comes after it"
      }
      guard isRequest(answered) else {
        return "\(record.entry.typeName) \(record.seq) answers \(answered), which is not a request"
      }
      return nil
    }

    private func isRequest(_ seq: Int) -> Bool {
      var low = 0
      var high = requests.count
      while low < high {
        let middle = (low + high) / 2
        if requests[middle] < seq { low = middle + 1 } else { high = middle }
      }
      return low < requests.count && requests[low] == seq
    }
  }
}

extension FixtureRecord.Entry {
  /// The record's `"type"`: `request`, `response`, `intent` or `error`.
  public var typeName: String {
    switch self {
    case .request: "request"
    case .response: "response"
    case .intent: "intent"
    case .error: "error"
    }
  }
}
