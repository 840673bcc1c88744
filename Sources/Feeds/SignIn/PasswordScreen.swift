import Foundation
import TableCore
import TableFlow

/// The sign-in-with-password page: the user name (as typed on the first page, editable), the
/// password (a secure field), "Remember me", an inline validation message and a submit button
/// enabled while the form is valid. Submitting sends `POST /api/session` with what was typed
/// and shows the backend's answer in a result row.
public struct PasswordScreen: Screen {
  /// The user name typed on the first page.
  public let username: String

  /// Creates the page.
  public init(username: String) {
    self.username = username
  }

  /// `password`.
  public var name: String { "password" }

  /// What was typed, the user name from the first page until it is edited here.
  public func form(_ state: ScreenState<SessionResponse>) -> SignInForm {
    SignInForm(
      username: state.texts[SignInTransform.usernameRowID] ?? username,
      password: state.text(of: SignInTransform.passwordRowID),
      remembers: state.switches[SignInTransform.rememberRowID] ?? false)
  }

  /// The form, with the newest answer's result row.
  public func sections(for state: ScreenState<SessionResponse>) throws -> [Section] {
    let result = state.pages(in: Self.sessionSlot).last
    return state.sections("page", from: PageInput(form: form(state), result: result)) {
      SignInTransform.passwordPage($0.form, result: $0.result).sections
    }
  }

  /// The user name and the password (secure) are text fields, "Remember me" a switch.
  public func field(_ row: Row, state: ScreenState<SessionResponse>) -> FormField? {
    switch row.id {
    case SignInTransform.usernameRowID: return .text(isSecure: false)
    case SignInTransform.passwordRowID: return .text(isSecure: true)
    case SignInTransform.rememberRowID: return .toggle(isOn: form(state).remembers)
    default: return nil
    }
  }

  /// Routed by kind: the button sends the form when it is valid (a disabled button does
  /// nothing), a link opens its URL.
  public func route(_ row: Row, state: ScreenState<SessionResponse>) -> Route {
    switch row.model.as(SignInCell.self) {
    case .button(_, let isEnabled): return isEnabled ? .send(submission(form(state))) : .none
    case .link(_, let url): return .open(link: url)
    default: return .none
    }
  }

  static let sessionSlot = "session"

  /// `POST /api/session` with the typed credentials as JSON, keys sorted so that a replay
  /// matches the recording byte for byte.
  func submission(_ form: SignInForm) -> ScreenRequest {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let request = SessionRequest(username: form.username, password: form.password, remember: form.remembers)
    let body = (try? encoder.encode(request)) ?? Data()
    return .post("/api/session", json: Array(body), slot: Self.sessionSlot)
  }
}

/// What the password page shows: the form as typed and the last answer.
private struct PageInput: Hashable, Sendable {
  let form: SignInForm
  let result: SessionResponse?
}
