import TableCore

/// A row of the sign-in forms (seed C): one model array is the whole form. Taps are routed
/// by the row's kind: a button sends the form, a push link opens another page, a link opens
/// a URL.
public enum SignInCell: CellModel {
  /// A text field; a secure field holds a fixed mask (see ``secureField(label:placeholder:password:)``).
  case textField(label: String, placeholder: String, value: String, isSecure: Bool)
  /// A button that sends the form.
  case button(title: String)
  /// A link to another page of the flow.
  case pushLink(title: String)
  /// A link to a web page.
  case link(title: String, url: String)
  /// The outcome of sending the form.
  case result(succeeded: Bool, message: String)

  /// A secure text field: it keeps a fixed mask, never the password or its length, so no
  /// snapshot, log or diff can reveal it.
  public static func secureField(label: String, placeholder: String, password: String) -> SignInCell {
    .textField(
      label: label, placeholder: placeholder, value: password.isEmpty ? "" : "••••••••", isSecure: true)
  }

  /// The cell kind of each case.
  public var kind: CellKind {
    switch self {
    case .textField: return "textField"
    case .button: return "button"
    case .pushLink: return "pushLink"
    case .link: return "link"
    case .result: return "result"
    }
  }

  /// The associated values in declaration order.
  public var fields: [Field] {
    switch self {
    case .textField(let label, let placeholder, let value, let isSecure):
      return [
        Field("label", .text(label)), Field("placeholder", .text(placeholder)), Field("value", .text(value)),
        Field("isSecure", .bool(isSecure)),
      ]
    case .button(let title), .pushLink(let title): return [Field("title", .text(title))]
    case .link(let title, let url): return [Field("title", .text(title)), Field("url", .text(url))]
    case .result(let succeeded, let message):
      return [Field("succeeded", .bool(succeeded)), Field("message", .text(message))]
    }
  }

  /// Fields 56 points, buttons 50, links 44, the result as tall as its message.
  public var height: Double {
    switch self {
    case .textField: return 56
    case .button: return 50
    case .pushLink, .link: return 44
    case .result(_, let message): return CellLayout.height([.init(text: message, fontSize: 15)])
    }
  }

  /// A row showing this cell.
  public func row(id: RowID) -> Row { Row(id: id, kind: kind, model: self) }
}
