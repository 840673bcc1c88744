#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends the process with `code`.
func exitProcess(_ code: ExitCode) -> Never {
  exit(code.rawValue)
}
