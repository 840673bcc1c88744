/// A failure stored in a fixture: a transport error that answered a request, or a session error.
public struct RecordedFailure: Hashable, Sendable {
  /// The `seq` of the request this failure answers, or `nil` when it answers none.
  public var request: Int?
  /// A short machine-readable kind chosen by the recorder, such as `unreachable`.
  public var code: String?
  /// The one-line explanation.
  public var message: String

  /// Creates a recorded failure.
  public init(request: Int? = nil, code: String? = nil, message: String) {
    self.request = request
    self.code = code
    self.message = message
  }
}
