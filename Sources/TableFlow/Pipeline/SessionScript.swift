/// What drives a scripted session: a list of intents, or a fixture read as the session goes.
enum SessionScript: Sendable {
  /// Each intent once the previous one has settled, unless it says otherwise.
  case intents([ScriptedIntent])
  /// The fixture's intents as they are read (see `Pipeline.drive(replaying:)`).
  case fixture(ReplayTransport)
}
