import Feeds
import Foundation

/// Small, hand-written backend answers for transform tests.
enum TestData {
  static func book(
    _ id: String, title: String = "三体", authors: [String] = ["刘慈欣"], isbn13: String? = "9787536692930",
    average: String = "8.9", raters: Int = 1234
  ) -> Book {
    Book(
      id: id, title: title, author: authors, publisher: "重庆出版社", isbn13: isbn13, price: "23.00元",
      pubdate: "2008-1", summary: "文化大革命如火如荼进行的同时……",
      rating: BookRating(average: average, numRaters: raters))
  }

  static func page(_ status: String, _ books: [Book], total: Int? = nil) -> BookCollections {
    BookCollections(
      total: total ?? books.count, collections: books.map { MyBook(status: status, book: $0) })
  }

  static func decode<Model: Decodable>(_ type: Model.Type, _ json: String) throws -> Model {
    try JSONDecoder().decode(type, from: Data(json.utf8))
  }

  /// The sample of `profile-server-data.json`.
  static let profileJSON = """
    {"data":{"id":1,"fullName":"Tom Sawyer","pictureUrl":"tom","email":"tomSawyer@gmail.com",
    "about":"I like travelling along Missisipi!",
    "friends":[{"name":"Huckleberry Finn","pictureUrl":"finn"},{"name":"Becky Thatcher","pictureUrl":"becky"},
    {"name":"Celeste Holm","pictureUrl":"holm"}],
    "profileAttributes":[{"key":"Date of birth","value":"November 30, 1835"},{"key":"Gender","value":"male"},
    {"key":"Height","value":"180"}]},"error":0,"message":"Success"}
    """
}
