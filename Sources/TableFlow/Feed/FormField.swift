/// What a row is as a form field, for the `edit` and `toggle` intents (seed C: forms are tables
/// of rows you type into). A screen says it with ``Screen/field(_:state:)``.
public enum FormField: Hashable, Sendable {
  /// A text field. A secure one is never shown: `edit` intents to it are logged as
  /// ``Intent/secureMask``, and its row should show the mask too.
  case text(isSecure: Bool)
  /// A switch, on or off as the row shows it now: `toggle` flips it.
  case toggle(isOn: Bool)
}

/// A change a screen makes to its own state at once, before the backend confirms it (an
/// optimistic update): ``Route/change(_:send:)``. Kept in ``ScreenState/changes`` by key;
/// taken back if the request that confirms it fails.
public struct ScreenChange: Hashable, Sendable {
  /// What changes, in the screen's terms (`book-1000001`).
  public var key: String
  /// Its new value (`read`).
  public var value: String

  /// Creates a change.
  public init(key: String, value: String) {
    self.key = key
    self.value = value
  }
}
