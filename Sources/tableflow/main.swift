import CLIKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let io = CommandIO.standard
let code = await Tableflow.main(Array(CommandLine.arguments.dropFirst()), io: io)
io.out.flush()
io.err.flush()
exit(code.rawValue)
