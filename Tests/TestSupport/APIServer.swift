import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `tools/api-server.py` (or another script under `tools/` that prints the same
/// `listening on URL` line, such as `tools/hostile-server.py`) started on a free loopback port
/// for one test, stopped by `stop()`.
public final class APIServer: Sendable {
  /// The base URL, e.g. `http://127.0.0.1:41234` (plus the prefix, if any).
  public let baseURL: URL
  /// The server's root, without the prefix: where `/_control/…` lives.
  public let rootURL: URL
  private let process: Process

  /// The package's root folder (where Package.swift is).
  public static var packageRoot: URL {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
      folder.path != "/"
    {
      folder.deleteLastPathComponent()
    }
    return folder
  }

  /// The server did not start as its contract says.
  public struct StartError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
  }

  /// Starts the server and waits for its `listening on …` line.
  ///
  /// - Parameter script: the server script, relative to the package root.
  public init(script: String = "tools/api-server.py", arguments: [String] = []) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let script = Self.packageRoot.appendingPathComponent(script).path
    process.arguments = ["python3", script, "--port", "0"] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    var line: [UInt8] = []
    // The server prints its first line as soon as it listens; read it byte by byte.
    while let byte = try out.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
      line.append(byte)
    }
    let text = String(decoding: line, as: UTF8.self)
    let prefix = "listening on "
    guard text.hasPrefix(prefix), let url = URL(string: String(text.dropFirst(prefix.count))) else {
      process.terminate()
      throw StartError(description: "api-server.py printed '\(text)'")
    }
    var base = url
    if let index = arguments.firstIndex(of: "--prefix"), index + 1 < arguments.count {
      base = url.appendingPathComponent(String(arguments[index + 1].drop(while: { $0 == "/" })))
    }
    self.baseURL = base
    self.rootURL = url
    self.process = process
  }

  /// Terminates the server and waits for it to exit.
  public func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  /// Queues a fault through `POST /_control/fault`.
  public func queueFault(_ spec: String, count: Int, pathPrefix: String) async throws {
    var request = URLRequest(url: rootURL.appendingPathComponent("_control/fault"))
    request.httpMethod = "POST"
    request.httpBody = Data(#"{"fault":"\#(spec)","count":\#(count),"path_prefix":"\#(pathPrefix)"}"#.utf8)
    _ = try await URLSession.shared.data(for: request)
  }

  /// Sends a request and returns status and body.
  public func fetch(
    _ path: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil
  ) async throws -> (status: Int, body: Data) {
    guard let url = URL(string: baseURL.absoluteString + path) else {
      throw StartError(description: "bad path \(path)")
    }
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
  }
}
