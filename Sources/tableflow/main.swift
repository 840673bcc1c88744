import CLIKit
