extension SessionPage {
  /// The page as one self-contained HTML file (see ``PageTemplate``).
  func html() -> String {
    var data = PageData.json(for: self)
    if case .object(var members) = data {
      members["mode"] = .string("session")
      data = .object(members)
    }
    return PageTemplate.document(title: "\(title) — TableFlow", data: data)
  }
}
