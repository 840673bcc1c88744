import TableCore
import TableFlow

extension SpecScreenDefinition {
  /// The form fields of the screen's fixed rows, in order, with their prototypes.
  var formFields: [(field: SpecFormField, prototype: SpecPrototype)] {
    var fields: [(SpecFormField, SpecPrototype)] = []
    for section in sections {
      guard case .fixed(let prototypes) = section.content else { continue }
      for prototype in prototypes { if let field = prototype.form { fields.append((field, prototype)) } }
    }
    return fields
  }

  /// Whether the screen has form fields.
  var hasForm: Bool { !formFields.isEmpty }
}

extension SpecScreen {
  /// What was typed and flipped, the initial values where nothing was, and the first rule
  /// that fails.
  func formValues(state: ScreenState<SpecDocument>) -> SpecFormValues {
    var form = SpecFormValues()
    for (field, prototype) in definition.formFields {
      guard let text = prototype.id.renderIfPossible(scope) else { continue }
      let id = RowID(text)
      let initial = field.initial?.renderIfPossible(scope)
      switch field.kind {
      case .text(let isSecure, let rules):
        let text = state.texts[id] ?? initial ?? ""
        form.values[field.name] = .text(text, isSecure: isSecure)
        if form.problem == nil, let failing = rules.first(where: { !$0.accepts(text) }) {
          form.problem = failing.message
        }
      case .toggle:
        form.values[field.name] = .toggle(state.switches[id] ?? (initial == "true"))
      }
    }
    return form
  }

  /// A row of `edit` is a text field (secure if it says so), a row of `toggle` a switch.
  public func field(_ row: Row, state: ScreenState<SpecDocument>) -> FormField? {
    guard let model = row.model.as(SpecCellModel.self), let field = prototype(model.prototype)?.prototype.form
    else { return nil }
    switch field.kind {
    case .text(let isSecure, _): return .text(isSecure: isSecure)
    case .toggle:
      guard case .toggle(let isOn)? = formValues(state: state).values[field.name] else { return nil }
      return .toggle(isOn: isOn)
    }
  }

  /// The submit request `name` with the form's values, or `nil` while the form is not valid
  /// (a disabled button does nothing).
  func submission(_ name: String, state: ScreenState<SpecDocument>) -> ScreenRequest? {
    guard let request = definition.requests.first(where: { $0.name == name && $0.isSubmit }) else {
      return nil
    }
    let form = formValues(state: state)
    guard form.problem == nil else { return nil }
    var scope = scope
    scope.form = form.scopeValue
    var template = request.template
    if let names = request.formBody {
      template.body = try? SpecTemplate(SpecTemplate.escaped(form.body(names)), roots: [])
    }
    return self.request(template, slot: request.name, scope: scope)
  }
}
