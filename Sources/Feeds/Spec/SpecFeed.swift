import TableCore
import TableFlow

/// A feed described by a spec file (`*.tableflow.json`) instead of Swift: screens, requests,
/// records, sections and row prototypes over an existing backend's JSON.
///
/// It is a `Feed` (TableFlow) like any other: the same pipeline, fixtures, logs and verify.
/// For example, `try SpecFeed(contentsOf: "Examples/Specs/books.tableflow.json")` gives a feed to
/// hand to `FeedSession` or `Pipeline`, as a Swift feed is.
///
/// The spec is checked when it loads, before any request: an error names the file, the
/// spec's JSON path and the cause (see ``SpecError``). Templates are compiled then, once.
public struct SpecFeed: Feed {
  let spec: SpecDefinition

  /// The spec's `name`: what fixtures recorded from it name in their header.
  public var name: String { spec.name }

  /// The spec's `summary`.
  public var summary: String { spec.summary }

  /// The screens, the entry screen first.
  public var screenNames: [String] { [spec.entry] + spec.screenOrder.filter { $0 != spec.entry } }

  /// The file the spec was read from (as given), or the name given to ``init(json:file:)``.
  public let file: String

  /// The SHA-256 of the spec's bytes, as 64 lowercase hex digits: recorded in the header of
  /// fixtures made from it, so that replaying with a changed spec is noticed.
  public let contentHash: String

  /// Loads and checks the spec at `path`.
  /// - Throws: ``SpecError`` listing every problem: the file is missing, too large (over
  ///   4 MiB) or not JSON, or the spec has unknown keys, bad templates, unknown variables,
  ///   routes to missing screens, static push cycles…
  public init(contentsOf path: String) throws(SpecError) {
    let loaded = try SpecLoader.load(contentsOf: path)
    self.init(spec: loaded.definition, file: path, bytes: loaded.bytes)
  }

  /// Checks the spec text `json`; `file` names it in errors and in ``file``.
  /// - Throws: ``SpecError``, for the problems `init(contentsOf:)` names.
  public init(json: [UInt8], file: String) throws(SpecError) {
    self.init(spec: try SpecLoader.compile(json, file: file), file: file, bytes: json)
  }

  private init(spec: SpecDefinition, file: String, bytes: [UInt8]) {
    self.spec = spec
    self.file = file
    var digest = SHA256Digest()
    digest.update(bytes)
    contentHash = digest.hexDigest()
  }

  /// The entry screen, its parameters checked: only those it declares, each well-formed, the
  /// required ones given; defaults filled in.
  public func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen {
    guard let entry = spec.screens[spec.entry] else {
      throw FeedError("\(name): the spec has no entry screen")
    }
    let known = entry.parameters.map(\.name)
    for key in parameters.keys.sorted() where !known.contains(key) {
      let list = known.isEmpty ? "none" : known.joined(separator: ", ")
      throw FeedError("\(name): unknown parameter '\(TextEscaping.echoed(key))' (known: \(list))")
    }
    var values: [String: String] = [:]
    for parameter in entry.parameters {
      guard let value = parameters[parameter.name] ?? parameter.defaultValue else {
        if parameter.isRequired { throw FeedError("\(name): parameter \(parameter.name) is required") }
        continue
      }
      guard parameter.accepts(value) else {
        throw FeedError(
          "\(name): parameter \(parameter.name)='\(TextEscaping.echoed(value))' is not \(parameter.expected)")
      }
      values[parameter.name] = value
    }
    return SpecScreen(spec: spec, definition: entry, params: values)
  }
}
