/// Where a selected row leads: what ``Screen/route(_:state:)`` returns for a row's kind.
public enum Route: Sendable {
  /// Push a screen (its stored properties are its parameters); it loads at once.
  case push(any Screen)
  /// Open a link; a headless pipeline records it and stays on the screen.
  case open(link: String)
  /// Send a request from this screen; its decoded answer joins the screen's state (in the
  /// request's slot) and the table is built again.
  case send(ScreenRequest)
  /// Act as if this intent had been received (for example, collapse a section).
  case perform(Intent)
  /// Make this change to the screen's state at once (it is presented before any answer: an
  /// optimistic update) and send the request that confirms it, if any. Its answer is checked
  /// for its status only; if it fails, the change is taken back and an error row (select it to
  /// retry) says why.
  case change(ScreenChange, send: ScreenRequest?)
  /// Nothing happens.
  case none
}
