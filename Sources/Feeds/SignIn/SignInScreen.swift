import TableCore
import TableFlow

/// The first sign-in page: the user name and the ways to sign in. A static form: no request.
public struct SignInScreen: Screen {
  /// The user name in the field.
  public let username: String
  /// The password the password page will be filled with.
  public let password: String

  /// Creates the page.
  public init(username: String, password: String) {
    self.username = username
    self.password = password
  }

  /// `signin`.
  public var name: String { "signin" }

  /// The form.
  public func sections(for state: ScreenState<SessionResponse>) throws -> [Section] {
    SignInTransform.signInPage(username: username).sections
  }

  /// Routed by kind: a push link opens the password page, a link its URL.
  public func route(_ row: Row, state: ScreenState<SessionResponse>) -> Route {
    switch row.model.as(SignInCell.self) {
    case .pushLink: return .push(PasswordScreen(username: username, password: password))
    case .link(_, let url): return .open(link: url)
    default: return .none
    }
  }
}
