import TableCore

extension SpecCompiler {
  /// A fixed row's `edit` (`name`, `secure`, `initial`, `rules`) or `toggle` (`name`,
  /// `initial`): what makes it a form field.
  mutating func compileFormField(
    edit: SpecValue?, toggle: SpecValue?, _ path: String, params: Set<String>, isFixed: Bool
  ) -> SpecFormField? {
    guard edit != nil || toggle != nil else { return nil }
    guard isFixed else {
      fail(path + (edit != nil ? ".edit" : ".toggle"), "form fields are rows of a section without 'records'")
      return nil
    }
    guard edit == nil || toggle == nil else {
      fail(path, "a row is a text field ('edit') or a switch ('toggle'), not both")
      return nil
    }
    let at = path + (edit != nil ? ".edit" : ".toggle")
    let checked =
      edit != nil
      ? members(edit, at, allowed: ["name", "secure", "initial", "rules"])
      : members(toggle, at, allowed: ["name", "initial"])
    guard let found = checked else { return nil }
    let object = SpecValue.object(found)
    guard let name = string(object["name"], at + ".name") else {
      if object["name"] == nil { fail(at, "missing key 'name' (the value's name, read as ${form.NAME})") }
      return nil
    }
    if !Self.isFeedName(name) || ["valid", "problem"].contains(name) {
      fail(
        at + ".name",
        "a form value's name is 1 to 64 letters, digits, '-' or '_', other than valid and problem")
    }
    let initial = template(object["initial"], at + ".initial", roots: [.params], params: params)
    guard edit != nil else { return SpecFormField(name: name, kind: .toggle, initial: initial) }
    var rules: [SpecRule] = []
    for (index, element) in (array(object["rules"], at + ".rules") ?? []).enumerated() {
      if let rule = compileRule(element, Self.element(at + ".rules", index)) { rules.append(rule) }
    }
    return SpecFormField(
      name: name, kind: .text(isSecure: bool(object["secure"], at + ".secure") ?? false, rules: rules),
      initial: initial)
  }

  /// A rule: one of `required` (true), `minLength` (a count), `pattern` (a regular
  /// expression the whole text matches), and its `message`.
  private mutating func compileRule(_ value: SpecValue, _ path: String) -> SpecRule? {
    guard let found = members(value, path, allowed: ["required", "minLength", "pattern", "message"]) else {
      return nil
    }
    let object = SpecValue.object(found)
    guard let message = string(object["message"], path + ".message") else {
      if object["message"] == nil {
        fail(path, "missing key 'message' (what form.problem says while it fails)")
      }
      return nil
    }
    let tests = ["required", "minLength", "pattern"].filter { object[$0] != nil }
    guard tests.count == 1 else {
      fail(path, "a rule has one of 'required', 'minLength' or 'pattern'")
      return nil
    }
    if object["required"] != nil {
      guard bool(object["required"], path + ".required") == true else {
        fail(path + ".required", "'required' is true (leave the rule out otherwise)")
        return nil
      }
      return SpecRule(test: .required, message: message)
    }
    if let count = number(object["minLength"], path + ".minLength", in: 1...65_536) {
      return SpecRule(test: .minLength(Int(count)), message: message)
    }
    guard let text = string(object["pattern"], path + ".pattern") else { return nil }
    do {
      return SpecRule(test: .pattern(try SpecPattern(text)), message: message)
    } catch {
      fail(
        path + ".pattern",
        "not a regular expression: \(TextEscaping.echoed(String(describing: error), limit: 80))")
      return nil
    }
  }
}
