extension SessionPage {
  /// The page as one self-contained HTML file (see ``PageTemplate``), naming the program that
  /// wrote it (`NAME VERSION`).
  func html(generator: String = ToolIdentity.tableflow.description) -> String {
    var data = PageData.json(for: self)
    if case .object(var members) = data {
      members["mode"] = .string("session")
      data = .object(members)
    }
    return PageTemplate.document(title: "\(title) — TableFlow", data: data, generator: generator)
  }
}
