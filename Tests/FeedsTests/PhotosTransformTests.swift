import Feeds
import TableCore
import TableFlow
import Testing

@Suite("PhotosTransform")
struct PhotosTransformTests {
  @Test("feeds one photo cell kind from photos and albums, 80 points a row")
  func oneKindTwoModels() throws {
    let json = """
      {"photos":[{"id":"p1","name":"IMG_1.jpg","title":"西湖 🌅","url":"u"},{"id":"p1","name":"dup","title":"dup"}],
      "albums":[{"id":"a1","name":"Family","title":"3 photos","photoCount":3}]}
      """
    let snapshot = PhotosTransform.snapshot(try TestData.decode(PhotoLibrary.self, json))
    let rows = snapshot.sections.flatMap(\.rows)
    #expect(rows.map(\.id) == ["album-a1", "photo-p1"])
    #expect(Set(rows.map(\.kind)) == ["photo"])
    #expect(rows.allSatisfy { $0.height == 80 })
    #expect(rows[0].model.as(Album.self)?.name == "Family")
    #expect(rows[1].model.as(Photo.self)?.title == "西湖 🌅")
    #expect(rows[1].fields.map(\.name) == ["name", "title"])
  }

  @Test("an empty library shows no sections")
  func emptyLibrary() throws {
    #expect(PhotosTransform.snapshot(try TestData.decode(PhotoLibrary.self, "{}")).sections.isEmpty)
  }
}
