import CLIKit
import FriendsFeed

// Every tableflow command (run, replay, verify, view, inspect, diff, feeds …) for this package's
// feed, plus the built-in ones.
await Tableflow.main(name: "friends", version: "1.0.0", feeds: [FriendsFeed()])
