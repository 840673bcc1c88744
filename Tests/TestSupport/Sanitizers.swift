#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the tests run under a sanitizer (`swift test --sanitize=thread` or `=address`).
///
/// A sanitizer maps shadow memory beside every byte the program touches, so a child process's
/// peak resident set says nothing about the program's own memory under one: tests that bound
/// memory check the bound only when no sanitizer runs (and still check everything else).
/// The child processes the tests spawn are built with the same flags as the test binary, so
/// this process's answer is theirs.
public enum Sanitizers {
  /// True when ThreadSanitizer's or AddressSanitizer's runtime is loaded in this process.
  public static let active: Bool = {
    guard let program = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(program) }
    let names: [String] = ["__tsan_init", "__asan_init"]
    return names.contains { name in dlsym(program, name) != nil }
  }()
}
