import CLIKit

await Tableflow.main(feeds: [])
