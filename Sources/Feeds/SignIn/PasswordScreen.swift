import Foundation
import TableCore
import TableFlow

/// The sign-in-with-password page: submitting sends `POST /api/session` and shows the
/// backend's answer in a result row.
public struct PasswordScreen: Screen {
  /// The user name in the field.
  public let username: String
  /// The password in the (masked) field.
  public let password: String

  /// Creates the page.
  public init(username: String, password: String) {
    self.username = username
    self.password = password
  }

  /// `password`.
  public var name: String { "password" }

  /// The form, with the newest answer's result row.
  public func sections(for state: ScreenState<SessionResponse>) throws -> [Section] {
    let result = state.pages(in: Self.sessionSlot).last
    return SignInTransform.passwordPage(username: username, password: password, result: result).sections
  }

  /// Routed by kind: the button sends the form, a link opens its URL.
  public func route(_ row: Row, state: ScreenState<SessionResponse>) -> Route {
    switch row.model.as(SignInCell.self) {
    case .button: return .send(submission)
    case .link(_, let url): return .open(link: url)
    default: return .none
    }
  }

  static let sessionSlot = "session"

  /// `POST /api/session` with the credentials as JSON, keys sorted so that a replay matches
  /// the recording byte for byte.
  var submission: ScreenRequest {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let body = (try? encoder.encode(SessionRequest(username: username, password: password))) ?? Data()
    return .post("/api/session", json: Array(body), slot: Self.sessionSlot)
  }
}
