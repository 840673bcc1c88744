/// Why a template of a spec does not compile: one cause, without the spec's location (the
/// loader adds it).
struct SpecTemplateError: Error, Hashable, Sendable {
  var cause: String

  init(_ cause: String) { self.cause = cause }

  /// A variable whose root is not one of `roots`.
  init(unknownVariable name: String, roots: Set<SpecPath.Root>) {
    let known = roots.map(\.rawValue).sorted().joined(separator: ", ")
    cause = "unknown variable '\(name.isEmpty ? "(none)" : name)' (known here: \(known))"
  }
}

/// Why a template could not be filled for one record: the record's coding path at fault and
/// the reason, as the package's decoder words them (`collections[2].book.title`,
/// `expected String, found null`).
struct SpecBindingFailure: Error, Hashable, Sendable {
  var steps: [SpecPath.Step]
  var reason: String
}
