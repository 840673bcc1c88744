import CLIKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let io = CommandIO.standard
let arguments = Array(CommandLine.arguments.dropFirst())
let code = await SignalTrap.run(err: io.err) { await Tableflow.main(arguments, io: io) }
io.out.flush()
io.err.flush()
exit(code.rawValue)
