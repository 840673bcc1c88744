import TableCore

/// The two sign-in pages (seed C) as static tables of rows.
public enum SignInTransform {
  /// The row that pushes the password page.
  public static let passwordLinkRowID: RowID = "signin-with-password"
  /// The row that sends the password form.
  public static let submitRowID: RowID = "submit"
  /// The row that shows the outcome.
  public static let resultRowID: RowID = "result"
  /// The section that holds the outcome.
  public static let resultSectionID: SectionID = "result"

  /// The first page: the user name and the ways to sign in.
  public static func signInPage(username: String) -> TableSnapshot {
    TableSnapshot(uncheckedSections: [
      Section(
        id: "form", header: "Sign in", style: .static,
        rows: [
          SignInCell.textField(
            label: "User name", placeholder: "Phone, e-mail or user name", value: username, isSecure: false
          ).row(id: "username"),
          SignInCell.pushLink(title: "Sign in with password").row(id: passwordLinkRowID),
        ]),
      Section(
        id: "more", style: .static,
        rows: [
          SignInCell.link(title: "Create an account", url: "https://tableflow.example/register")
            .row(id: "create-account"),
          SignInCell.link(title: "Need help signing in?", url: "https://tableflow.example/help").row(
            id: "help"),
        ]),
    ])
  }

  /// The password page; `result` is the backend's answer once the form was sent.
  public static func passwordPage(
    username: String, password: String, result: SessionResponse?
  ) -> TableSnapshot {
    var sections = [
      Section(
        id: "form", header: "Sign in with password", style: .static,
        rows: [
          SignInCell.textField(label: "User name", placeholder: "User name", value: username, isSecure: false)
            .row(id: "username"),
          SignInCell.secureField(label: "Password", placeholder: "Password", password: password)
            .row(id: "password"),
          SignInCell.button(title: "Sign in").row(id: submitRowID),
          SignInCell.link(title: "Forgot your password?", url: "https://tableflow.example/reset")
            .row(id: "forgot-password"),
        ])
    ]
    if let result {
      let message =
        result.message.isEmpty ? (result.succeeded ? "Signed in" : "Sign-in failed") : result.message
      sections.append(
        Section(
          id: resultSectionID, style: .static,
          rows: [SignInCell.result(succeeded: result.succeeded, message: message).row(id: resultRowID)]))
    }
    return TableSnapshot(uncheckedSections: sections)
  }
}
