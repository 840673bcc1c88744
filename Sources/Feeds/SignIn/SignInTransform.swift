import TableCore

/// The two sign-in pages (seed C) as static tables of rows.
public enum SignInTransform {
  /// The user name field, on both pages.
  public static let usernameRowID: RowID = "username"
  /// The password field.
  public static let passwordRowID: RowID = "password"
  /// The "Remember me" switch.
  public static let rememberRowID: RowID = "remember"
  /// The inline validation message.
  public static let validationRowID: RowID = "validation"
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
          ).row(id: usernameRowID),
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

  /// The password page for what was typed: the fields, "Remember me", the validation message
  /// while the form is not valid, the submit button (enabled when it is), and `result`, the
  /// backend's answer once the form was sent.
  public static func passwordPage(_ form: SignInForm, result: SessionResponse?) -> TableSnapshot {
    var rows = [
      SignInCell.textField(
        label: "User name", placeholder: "User name", value: form.username, isSecure: false
      )
      .row(id: usernameRowID),
      SignInCell.secureField(label: "Password", placeholder: "Password", password: form.password)
        .row(id: passwordRowID),
      SignInCell.toggle(title: "Remember me", isOn: form.remembers).row(id: rememberRowID),
    ]
    if let problem = form.problem {
      rows.append(SignInCell.validation(message: problem).row(id: validationRowID))
    }
    rows.append(SignInCell.button(title: "Sign in", isEnabled: form.isValid).row(id: submitRowID))
    rows.append(
      SignInCell.link(title: "Forgot your password?", url: "https://tableflow.example/reset")
        .row(id: "forgot-password"))
    var sections = [Section(id: "form", header: "Sign in with password", style: .static, rows: rows)]
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
