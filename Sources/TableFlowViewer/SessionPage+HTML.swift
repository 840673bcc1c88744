extension SessionPage {
  /// The page as one self-contained HTML file (see ``PageTemplate``), naming the program that
  /// wrote it (`NAME VERSION`).
  package func html(generator: String = PageTemplate.defaultGenerator) -> String {
    var data = PageData.json(for: self)
    if case .object(var members) = data {
      members["mode"] = .string("session")
      data = .object(members)
    }
    return PageTemplate.document(title: "\(title) — TableFlow", data: data, generator: generator)
  }
}
