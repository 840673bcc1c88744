import TableCore
import TableFlow

/// The first sign-in page: the user name and the ways to sign in. A static form: no request;
/// the user name is typed in (`edit username pmtao`).
public struct SignInScreen: Screen {
  /// Creates the page.
  public init() {}

  /// `signin`.
  public var name: String { "signin" }

  /// The form, with what was typed.
  public func sections(for state: ScreenState<SessionResponse>) throws -> [Section] {
    state.sections("page", from: state.text(of: SignInTransform.usernameRowID)) {
      SignInTransform.signInPage(username: $0).sections
    }
  }

  /// The user name is a text field.
  public func field(_ row: Row, state: ScreenState<SessionResponse>) -> FormField? {
    row.id == SignInTransform.usernameRowID ? .text(isSecure: false) : nil
  }

  /// Routed by kind: a push link opens the password page with the user name typed so far, a
  /// link its URL.
  public func route(_ row: Row, state: ScreenState<SessionResponse>) -> Route {
    switch row.model.as(SignInCell.self) {
    case .pushLink: return .push(PasswordScreen(username: state.text(of: SignInTransform.usernameRowID)))
    case .link(_, let url): return .open(link: url)
    default: return .none
    }
  }
}
