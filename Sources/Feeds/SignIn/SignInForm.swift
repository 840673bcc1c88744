import TableFlow

/// What the user typed into the password page, and whether it can be sent (seed C: the form
/// validates as the user types).
public struct SignInForm: Hashable, Sendable {
  /// The user name typed.
  public var username: String
  /// The password typed (never shown: the field shows a mask).
  public var password: String
  /// Whether "Remember me" is on.
  public var remembers: Bool

  /// Creates a form.
  public init(username: String, password: String, remembers: Bool = false) {
    self.username = username
    self.password = password
    self.remembers = remembers
  }

  /// What is missing, as the inline message row says it; `nil` when the form can be sent.
  public var problem: String? {
    if username.allSatisfy(\.isWhitespace) { return "Please enter your user name" }
    if password.isEmpty { return "Please enter your password" }
    return nil
  }

  /// Whether the submit button is enabled.
  public var isValid: Bool { problem == nil }
}
