/// A change of screen, or a link opened from a row.
///
/// `Navigation` is a struct so that new kinds can be added without breaking your code: read
/// its ``kind`` (compare it, or `switch` over it with a `default:`), ``from``, ``to`` and
/// ``link``. Make one with ``pushed(_:from:)``, ``popped(_:to:)`` or ``openedLink(_:from:)``.
///
/// ```swift
/// if let navigation = update.navigation, navigation.kind == .pushed {
///   print("pushed \(navigation.to.name) from \(navigation.from.name)")
/// }
/// ```
public struct Navigation: Hashable, Sendable {
  /// What happened. Inside the package code switches over this exhaustively; outside it, a new
  /// case would break callers, which is why it is not public.
  package enum Change: Hashable, Sendable {
    /// A screen was pushed on top of `from`.
    case pushed(ScreenRef, from: ScreenRef)
    /// The top screen was popped, revealing `to`.
    case popped(ScreenRef, to: ScreenRef)
    /// A row asked to open a link; the headless pipeline records it and stays on the screen.
    case openedLink(String, from: ScreenRef)
  }

  /// What happened, for code inside the package.
  package let change: Change

  package init(_ change: Change) {
    self.change = change
  }

  /// `screen` was pushed on top of `from`.
  public static func pushed(_ screen: ScreenRef, from: ScreenRef) -> Navigation {
    Navigation(.pushed(screen, from: from))
  }

  /// The top screen, `screen`, was popped, revealing `to`.
  public static func popped(_ screen: ScreenRef, to: ScreenRef) -> Navigation {
    Navigation(.popped(screen, to: to))
  }

  /// A row of `from` asked to open `link`; the headless pipeline records it and stays on `from`.
  public static func openedLink(_ link: String, from: ScreenRef) -> Navigation {
    Navigation(.openedLink(link, from: from))
  }

  /// Which kind of navigation this is.
  public var kind: Kind {
    switch change {
    case .pushed: .pushed
    case .popped: .popped
    case .openedLink: .openedLink
    }
  }

  /// The screen shown before: the one pushed from, the one popped, the one the link was opened from.
  public var from: ScreenRef {
    switch change {
    case .pushed(_, let from), .popped(let from, _), .openedLink(_, let from): from
    }
  }

  /// The screen shown after: the one pushed, the one revealed by the pop; for a link, ``from``
  /// (the screen stays).
  public var to: ScreenRef {
    switch change {
    case .pushed(let to, _), .popped(_, let to), .openedLink(_, let to): to
    }
  }

  /// The link of ``openedLink(_:from:)``; `nil` for other kinds.
  public var link: String? {
    if case .openedLink(let link, _) = change { return link }
    return nil
  }
}

extension Navigation {
  /// The kind of a ``Navigation``: compare with `==`, or `switch` over the static members with a
  /// `default:` (kinds can be added in any release without breaking that code).
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    /// The kind's name, as the static member is spelled (`pushed`).
    public let name: String

    private init(name: String) {
      self.name = name
    }

    /// See ``Navigation/pushed(_:from:)``.
    public static let pushed = Kind(name: "pushed")
    /// See ``Navigation/popped(_:to:)``.
    public static let popped = Kind(name: "popped")
    /// See ``Navigation/openedLink(_:from:)``.
    public static let openedLink = Kind(name: "openedLink")

    /// Every kind this version knows.
    public static let all: [Kind] = [.pushed, .popped, .openedLink]

    /// The kind's name.
    public var description: String { name }
  }
}
