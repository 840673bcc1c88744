/// A change of screen, or a link opened from a row.
public enum Navigation: Hashable, Sendable {
  /// A screen was pushed on top of `from`.
  case pushed(ScreenRef, from: ScreenRef)
  /// The top screen was popped, revealing `to`.
  case popped(ScreenRef, to: ScreenRef)
  /// A row asked to open a link; the headless pipeline records it and stays on the screen.
  case openedLink(String, from: ScreenRef)
}
