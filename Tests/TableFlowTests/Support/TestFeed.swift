import Foundation
import TableCore
import TableFlow

/// A tiny backend model: a page of items.
struct ItemPage: Decodable, Sendable {
  let items: [Item]
  let total: Int
}

struct Item: Decodable, Sendable, Hashable {
  let id: String
  let title: String
}

struct ItemDetail: Decodable, Sendable {
  let id: String
  let title: String
  let body: String
}

struct TitleModel: CellModel {
  let title: String
  var fields: [Field] { [Field("title", .text(title))] }
  var height: Double { 44 }
}

/// A list of items, two at a time, with a detail screen and a link row.
struct ItemListScreen: Screen {
  var name: String { "list" }
  var pageSize = 2

  func requests(for load: ScreenLoad, state: ScreenState<ItemPage>) -> [ScreenRequest] {
    [.get("/items", query: ["start": "0", "count": "\(pageSize)"], slot: "items")]
  }

  func nextPage(of section: SectionID, state: ScreenState<ItemPage>) -> ScreenRequest? {
    let pages = state.pages(in: "items")
    let loaded = pages.reduce(0) { $0 + $1.items.count }
    guard section == "items", let total = pages.last?.total, loaded < total else { return nil }
    return .get("/items", query: ["start": "\(loaded)", "count": "\(pageSize)"], slot: "items")
  }

  func sections(for state: ScreenState<ItemPage>) throws -> [Section] {
    let pages = state.pages(in: "items")
    guard !pages.isEmpty else { return [] }
    let items = pages.flatMap(\.items)
    if items.contains(where: { $0.title == "THROW" }) { throw TransformProblem() }
    return [
      Section(
        id: "items", header: "Items",
        rows: items.map { Row(id: RowID($0.id), kind: "item", model: TitleModel(title: $0.title)) }),
      Section(
        id: "more", header: "More", style: .static,
        rows: [Row(id: "site", kind: "link", model: TitleModel(title: "Website"))]),
    ]
  }

  func route(_ row: Row, state: ScreenState<ItemPage>) -> Route {
    switch row.kind {
    case "item": return .push(ItemDetailScreen(itemID: row.id.rawValue))
    case "link": return .open(link: "https://example.com")
    default: return .none
    }
  }
}

struct TransformProblem: Error, CustomStringConvertible {
  var description: String { "an item is titled THROW" }
}

/// One item's detail, loaded by a second request.
struct ItemDetailScreen: Screen {
  let itemID: String
  var name: String { "detail" }

  func requests(for load: ScreenLoad, state: ScreenState<ItemDetail>) -> [ScreenRequest] {
    [.get("/items/\(itemID)")]
  }

  func sections(for state: ScreenState<ItemDetail>) throws -> [Section] {
    guard let detail = state.model else { return [] }
    return [
      Section(
        id: "detail", header: detail.title, style: .static,
        rows: [Row(id: "body", kind: "text", model: TitleModel(title: detail.body))])
    ]
  }
}

struct TestFeed: Feed {
  let name = "test"
  func rootScreen(parameters: FeedParameters) throws(FeedError) -> any Screen {
    guard let size = Int(parameters["pageSize", default: "2"]), size > 0 else {
      throw FeedError("pageSize must be a positive number")
    }
    if parameters["screen"] == "multi" { return MultiListScreen(pageSize: size) }
    return ItemListScreen(pageSize: size)
  }
}

/// Three sections loaded by three concurrent requests, each paginated on its own.
struct MultiListScreen: Screen {
  var name: String { "multi" }
  var pageSize = 2
  static let slots = ["a", "b", "c"]

  func requests(for load: ScreenLoad, state: ScreenState<ItemPage>) -> [ScreenRequest] {
    Self.slots.map { .get("/items", query: ["start": "0", "count": "\(pageSize)", "slot": $0], slot: $0) }
  }

  func nextPage(of section: SectionID, state: ScreenState<ItemPage>) -> ScreenRequest? {
    let slot = section.rawValue
    let pages = state.pages(in: slot)
    let loaded = pages.reduce(0) { $0 + $1.items.count }
    guard Self.slots.contains(slot), let total = pages.last?.total, loaded < total else { return nil }
    return .get("/items", query: ["start": "\(loaded)", "count": "\(pageSize)", "slot": slot], slot: slot)
  }

  func sections(for state: ScreenState<ItemPage>) throws -> [Section] {
    Self.slots.compactMap { slot in
      let items = state.pages(in: slot).flatMap(\.items)
      guard !items.isEmpty else { return nil }
      return Section(
        id: SectionID(slot), header: slot.uppercased(),
        rows: items.map {
          Row(id: RowID("\(slot)-\($0.id.dropFirst(5))"), kind: "item", model: TitleModel(title: $0.title))
        })
    }
  }

  func route(_ row: Row, state: ScreenState<ItemPage>) -> Route {
    .push(ItemDetailScreen(itemID: row.id.rawValue))
  }
}
