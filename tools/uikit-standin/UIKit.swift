// A stand-in for Apple's UIKit, for type-checking TableFlow's `#if canImport(UIKit)` files on
// Linux (tools/check-uikit.sh). Never linked, never run: bodies are placeholders.
//
// Each declaration copies the signature of the iOS SDK's Swift interface for the calls the
// adapter makes: labels, optionality, `@MainActor`, `weak`, `open`, availability. Only what
// TableFlow uses is declared; add a declaration (copied from Apple's documentation) before
// using a new API, so that a misuse fails CI.
//
// Two deviations, forced by Linux having no Objective-C runtime:
// - `@objc optional` protocol requirements are plain requirements. With `-D
//   TABLEFLOW_STANDIN_STRICT` (how Sources/ are checked) they have no default, so a conformance
//   that misspells one fails; without it (examples, tests) a protocol extension supplies them.
// - `NSObject`, `NSObjectProtocol` and `Selector` are declared here (on Apple they come from the
//   ObjectiveC module), with the SDK's signatures for the members TableFlow uses.
@_exported import Foundation

// MARK: ObjectiveC

/// ObjectiveC's `Selector`.
public struct Selector: Hashable, Sendable {
  public init(_ name: String) {}
}

/// ObjectiveC's `NSObjectProtocol`.
public protocol NSObjectProtocol: AnyObject {
  func responds(to aSelector: Selector!) -> Bool
}

/// ObjectiveC's `NSObject`.
open class NSObject: NSObjectProtocol {
  public init() {}
  open func responds(to aSelector: Selector!) -> Bool { false }
  open func forwardingTarget(for aSelector: Selector!) -> Any? { nil }
}

// MARK: Foundation additions made by UIKit

extension IndexPath {
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
  public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
  public var section: Int {
    get { self[0] }
    set {}
  }
  public var row: Int {
    get { self[1] }
    set {}
  }
  public var item: Int {
    get { self[1] }
    set {}
  }
}

// MARK: Views

@MainActor open class UIResponder: NSObject {}

@MainActor open class UIView: UIResponder {
  @MainActor @preconcurrency open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {}
}

@MainActor open class UILabel: UIView {
  open var text: String?
}

@MainActor open class UIImage: NSObject {}

@MainActor open class UIScrollView: UIView {
  @available(iOS 10.0, *)
  open var refreshControl: UIRefreshControl?
}

@MainActor public protocol UIContentView: NSObjectProtocol {}

@MainActor public protocol UIContentConfiguration {}

@available(iOS 14.0, *)
@MainActor public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
  public var text: String?
  public var secondaryText: String?
  public static func cell() -> UIListContentConfiguration { UIListContentConfiguration() }
  public static func groupedHeader() -> UIListContentConfiguration { UIListContentConfiguration() }
  public static func groupedFooter() -> UIListContentConfiguration { UIListContentConfiguration() }
}

// MARK: Controls and actions

@MainActor open class UIMenuElement: NSObject {
  public struct Attributes: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let disabled = Attributes(rawValue: 1 << 0)
    public static let destructive = Attributes(rawValue: 1 << 1)
    public static let hidden = Attributes(rawValue: 1 << 2)
  }
  public enum State: Int, Sendable {
    case off = 0
    case on = 1
    case mixed = 2
  }
}

/// `typealias UIActionHandler = (UIAction) -> Void` (UIKit, iOS 13).
public typealias UIActionHandler = (UIAction) -> Void

@available(iOS 13.0, *)
@MainActor open class UIAction: UIMenuElement {
  public struct Identifier: Hashable, Sendable {
    public init(_ rawValue: String) {}
  }
  public convenience init(
    title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
    discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
    state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
  ) { self.init() }
}

@MainActor open class UIControl: UIView {
  public struct Event: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let touchUpInside = Event(rawValue: 1 << 6)
    public static let valueChanged = Event(rawValue: 1 << 12)
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
  }
  @available(iOS 14.0, *)
  open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

@MainActor open class UIButton: UIControl {}

@available(iOS 6.0, *)
@MainActor open class UIRefreshControl: UIControl {
  public override init() {}
  open var isRefreshing: Bool { false }
  open func beginRefreshing() {}
  open func endRefreshing() {}
}

// MARK: View controllers

@MainActor open class UIViewController: UIResponder {
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}
  public required init?(coder: NSCoder) {}
  open func viewDidLoad() {}
  open var title: String?
}

@MainActor open class UITableViewController: UIViewController {
  public init(style: UITableView.Style) { super.init(nibName: nil, bundle: nil) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }
  open var tableView: UITableView! = nil
}

@available(iOS 6.0, *)
@MainActor open class UICollectionViewController: UIViewController {
  public init(collectionViewLayout layout: UICollectionViewLayout) { super.init(nibName: nil, bundle: nil) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }
  open var collectionView: UICollectionView! = nil
}
