// Not @testable: these tests read navigations only through the public API.
import TableFlow
import Testing

/// The public navigation shape: each kind answers its own kind, the screens before and after,
/// and its link, and callers can switch over kinds with a `default:`.
@Suite("Navigation")
struct NavigationTests {
  static let list = ScreenRef(instance: 1, name: "list", depth: 0)
  static let detail = ScreenRef(instance: 2, name: "detail", depth: 1)

  @Test("a push goes from the screen pushed from to the screen pushed")
  func pushed() {
    let navigation = Navigation.pushed(Self.detail, from: Self.list)
    #expect(navigation.kind == .pushed)
    #expect(navigation.from == Self.list)
    #expect(navigation.to == Self.detail)
    #expect(navigation.link == nil)
  }

  @Test("a pop goes from the popped screen to the one it reveals")
  func popped() {
    let navigation = Navigation.popped(Self.detail, to: Self.list)
    #expect(navigation.kind == .popped)
    #expect(navigation.from == Self.detail)
    #expect(navigation.to == Self.list)
    #expect(navigation.link == nil)
  }

  @Test("an opened link keeps the screen and carries the link")
  func openedLink() {
    let navigation = Navigation.openedLink("https://example.com/a", from: Self.list)
    #expect(navigation.kind == .openedLink)
    #expect(navigation.from == Self.list)
    #expect(navigation.to == Self.list)
    #expect(navigation.link == "https://example.com/a")
  }

  @Test("navigations compare by kind and payload, and kinds are listed and named")
  func equalityAndKinds() {
    #expect(Navigation.pushed(Self.detail, from: Self.list) == .pushed(Self.detail, from: Self.list))
    #expect(Navigation.pushed(Self.detail, from: Self.list) != .popped(Self.detail, to: Self.list))
    #expect(Navigation.openedLink("a", from: Self.list) != .openedLink("b", from: Self.list))
    #expect(Navigation.Kind.all.map(\.name) == ["pushed", "popped", "openedLink"])
    #expect(Set(Navigation.Kind.all).count == 3)
    #expect("\(Navigation.Kind.popped)" == "popped")
  }

  @Test("a caller's switch over kinds needs a default and sees every kind")
  func switchWithDefault() {
    func label(_ navigation: Navigation) -> String {
      switch navigation.kind {
      case .pushed: "push \(navigation.to.name)"
      case .popped: "back to \(navigation.to.name)"
      case .openedLink: "open \(navigation.link ?? "")"
      default: "other"
      }
    }
    #expect(label(.pushed(Self.detail, from: Self.list)) == "push detail")
    #expect(label(.popped(Self.detail, to: Self.list)) == "back to list")
    #expect(label(.openedLink("x", from: Self.list)) == "open x")
  }
}
