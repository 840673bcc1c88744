import TableCore
import TableFlow

/// A row of the sign-in forms (seed C): one model array is the whole form. Taps are routed
/// by the row's kind: a button sends the form, a push link opens another page, a link opens
/// a URL; text fields take `edit` intents and switches `toggle` intents.
public enum SignInCell: CellModel {
  /// A text field; a secure field holds a fixed mask (see ``secureField(label:placeholder:password:)``).
  case textField(label: String, placeholder: String, value: String, isSecure: Bool)
  /// A switch.
  case toggle(title: String, isOn: Bool)
  /// The inline validation message: what the form still needs.
  case validation(message: String)
  /// A button that sends the form; disabled while the form is not valid.
  case button(title: String, isEnabled: Bool)
  /// A link to another page of the flow.
  case pushLink(title: String)
  /// A link to a web page.
  case link(title: String, url: String)
  /// The outcome of sending the form.
  case result(succeeded: Bool, message: String)

  /// A secure text field: it shows `Intent.secureMask` whatever was typed, never the
  /// password or its length, so no snapshot, log or diff can reveal it.
  public static func secureField(label: String, placeholder: String, password: String) -> SignInCell {
    .textField(
      label: label, placeholder: placeholder, value: password.isEmpty ? "" : Intent.secureMask, isSecure: true
    )
  }

  /// The cell kind of each case.
  public var kind: CellKind {
    switch self {
    case .textField: return "textField"
    case .toggle: return "switch"
    case .validation: return "validation"
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
    case .toggle(let title, let isOn): return [Field("title", .text(title)), Field("isOn", .bool(isOn))]
    case .validation(let message): return [Field("message", .text(message))]
    case .button(let title, let isEnabled):
      return [Field("title", .text(title)), Field("enabled", .bool(isEnabled))]
    case .pushLink(let title): return [Field("title", .text(title))]
    case .link(let title, let url): return [Field("title", .text(title)), Field("url", .text(url))]
    case .result(let succeeded, let message):
      return [Field("succeeded", .bool(succeeded)), Field("message", .text(message))]
    }
  }

  /// Fields 56 points, buttons 50, links and switches 44, messages as tall as their text.
  public var height: Double {
    switch self {
    case .textField: return 56
    case .button: return 50
    case .pushLink, .link, .toggle: return 44
    case .validation(let message): return CellLayout.height([.init(text: message, fontSize: 13)])
    case .result(_, let message): return CellLayout.height([.init(text: message, fontSize: 15)])
    }
  }

  /// A row showing this cell.
  public func row(id: RowID) -> Row { Row(id: id, kind: kind, model: self) }
}
