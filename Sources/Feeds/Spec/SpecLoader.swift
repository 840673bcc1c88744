import Foundation

/// Reads and compiles spec files (`*.tableflow.json`, `"tableflow-spec": 1`).
///
/// Everything is checked before a request is made: unknown keys, templates and their
/// variables, JSON Pointers, routes to screens and their parameters, cycles of static pushes.
/// A hostile spec is bounded: a file over ``maximumBytes`` is refused unread, nesting deeper
/// than 512 is a syntax error, and templates, paths and lists have caps of their own.
enum SpecLoader {
  /// The largest spec file read: 4 MiB.
  static let maximumBytes = 4 << 20

  /// The spec at `path`, compiled, and the SHA-256 of its bytes.
  /// - Throws: ``SpecError``: a missing or unreadable file, a file too large, text that is
  ///   not JSON, a spec with problems.
  static func load(contentsOf path: String) throws(SpecError) -> (definition: SpecDefinition, bytes: [UInt8])
  {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
    else {
      throw SpecError(file: path, issues: [.init(path: "$", cause: "no such spec file")])
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    guard size <= maximumBytes else {
      throw SpecError(
        file: path,
        issues: [.init(path: "$", cause: "spec is \(size) bytes, over the limit of \(maximumBytes)")])
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw SpecError(file: path, issues: [.init(path: "$", cause: "cannot read the spec file")])
    }
    defer { try? handle.close() }
    let data = (try? handle.read(upToCount: maximumBytes + 1)) ?? Data()
    guard data.count <= maximumBytes else {
      throw SpecError(
        file: path, issues: [.init(path: "$", cause: "spec is over the limit of \(maximumBytes) bytes")])
    }
    let bytes = [UInt8](data)
    return (try compile(bytes, file: path), bytes)
  }

  /// Compiles the spec text `bytes`; `file` names it in errors.
  /// - Throws: ``SpecError`` listing every problem found.
  static func compile(_ bytes: [UInt8], file: String) throws(SpecError) -> SpecDefinition {
    guard bytes.count <= maximumBytes else {
      throw SpecError(
        file: file, issues: [.init(path: "$", cause: "spec is over the limit of \(maximumBytes) bytes")])
    }
    let root: SpecValue
    do throws(SpecSyntaxError) {
      root = try SpecValue.parse(bytes)
    } catch {
      throw SpecError(file: file, issues: [.init(path: "$", cause: "invalid JSON: \(error)")])
    }
    var compiler = SpecCompiler()
    let definition = compiler.compileSpec(root)
    guard compiler.issues.isEmpty, let definition else {
      throw SpecError(
        file: file,
        issues: compiler.issues.isEmpty ? [.init(path: "$", cause: "not a spec")] : compiler.issues)
    }
    return definition
  }
}
