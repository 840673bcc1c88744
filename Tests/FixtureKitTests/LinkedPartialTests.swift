import Foundation
import TestSupport
import Testing

@testable import FixtureKit

/// A `NAME.partial` that is a link must never be written through: recording over it would
/// overwrite whatever file the link names.
@Suite("FixtureWriter: a linked .partial is refused, never written through")
struct LinkedPartialTests {
  @Test("a symbolic link at NAME.partial is refused and its target stays byte-identical")
  func symbolicLinkIsRefused() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let notes = folder.file("notes.txt")
    let kept = Data("my notes\n".utf8)
    try kept.write(to: URL(fileURLWithPath: notes))
    let path = folder.file("books.jsonl.gz")
    #expect(symlink(notes, path + ".partial") == 0)
    do {
      _ = try FixtureWriter(path: path, header: Samples.header)
      Issue.record("a writer was created over a symbolic link")
    } catch {
      #expect(error.code == .io)
      #expect(error.file == path + ".partial")
      #expect(error.message.contains("symbolic link"))
    }
    #expect(FileManager.default.contents(atPath: notes) == kept)
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
  }

  @Test("a dangling symbolic link at NAME.partial is refused and nothing is created")
  func danglingLinkIsRefused() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let target = folder.file("elsewhere.txt")
    let path = folder.file("books.jsonl.gz")
    #expect(symlink(target, path + ".partial") == 0)
    #expect(throws: FixtureError.self) { _ = try FixtureWriter(path: path, header: Samples.header) }
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test("a NAME.partial with another hard link is refused and both names keep their bytes")
  func hardLinkIsRefused() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let notes = folder.file("notes.txt")
    let kept = Data("my notes\n".utf8)
    try kept.write(to: URL(fileURLWithPath: notes))
    let path = folder.file("books.jsonl.gz")
    #expect(link(notes, path + ".partial") == 0)
    do {
      _ = try FixtureWriter(path: path, header: Samples.header)
      Issue.record("a writer was created over a hard link")
    } catch {
      #expect(error.code == .io)
      #expect(error.message.contains("2 hard links"))
    }
    #expect(FileManager.default.contents(atPath: notes) == kept)
    #expect(FileManager.default.contents(atPath: path + ".partial") == kept)
  }

  @Test("a symbolic link at the lock file is refused; its target is never created or written")
  func linkedLockIsRefused() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let target = folder.file("elsewhere.txt")
    let path = folder.file("books.jsonl.gz")
    #expect(symlink(target, path + ".lock") == 0)
    #expect(throws: FixtureError.self) { _ = try FixtureWriter(path: path, header: Samples.header) }
    #expect(!FileManager.default.fileExists(atPath: target))
    #expect(!FileManager.default.fileExists(atPath: path + ".partial"))
  }

  @Test("the lock file is gone after finish, closeKeepingPartial and abandon")
  func lockFileIsRemoved() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let path = folder.file("books.jsonl.gz")
    let finished = try FixtureWriter(path: path, header: Samples.header)
    #expect(FileManager.default.fileExists(atPath: path + ".lock"))
    try finished.finish()
    #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
    let kept = try FixtureWriter(path: path, header: Samples.header)
    try kept.closeKeepingPartial()
    #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
    try FixtureWriter(path: path, header: Samples.header).abandon()
    #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["books.jsonl.gz"])
  }

  @Test("a lock file left by a writer that died does not block the next recording")
  func staleLockIsTakenOver() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let path = folder.file("books.jsonl.gz")
    try Data().write(to: URL(fileURLWithPath: path + ".lock"))
    let writer = try FixtureWriter(path: path, header: Samples.header)
    try writer.append(.intent("load"))
    try writer.finish()
    #expect(try FixtureReader(path: path).readAll().map(\.entry) == [.intent("load")])
  }
}
