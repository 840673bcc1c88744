import TableCore
import TableFlow
import TestSupport
import Testing

@testable import Feeds

@Suite("Profile rows")
struct ProfileRowsPropertyTests {
  @Test(
    "the screen's memoised friend rows equal a full rebuild for random refreshes (30 seeds)",
    arguments: 0..<30)
  func equalsRebuild(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed))
    let screen = ProfileScreen()
    var state = ScreenState<ProfileResponse>()
    var friends: [Tolerant<Friend>] = []
    for step in 0..<30 {
      switch Int.random(in: 0..<5, using: &random) {
      case 0:  // a friend renamed
        if let index = friends.indices.randomElement(using: &random) {
          friends[index] = .valid(Friend(name: "友 \(Int.random(in: 0..<8, using: &random)) renamed"))
        }
      case 1:  // a friend arrives (names repeat: the policy renames the later one)
        friends.insert(
          .valid(Friend(name: "友 \(Int.random(in: 0..<8, using: &random))", pictureUrl: "p.png")),
          at: Int.random(in: 0...friends.count, using: &random))
      case 2:  // one that does not decode
        let index = Int.random(in: 0...friends.count, using: &random)
        friends.insert(
          .invalid(InvalidItem(index: index, path: "data.friends[\(index)]", reason: "missing key 'name'")),
          at: index)
      case 3:
        if !friends.isEmpty { friends.remove(at: Int.random(in: 0..<friends.count, using: &random)) }
      default:  // the same answer again
        break
      }
      var profile = Profile(id: 1, fullName: "Ann", about: step.isMultiple(of: 3) ? nil : "About")
      profile.friends = TolerantArray(items: friends)
      let response = ProfileResponse(data: profile)
      state.pages["main"] = [response]
      #expect(
        try screen.sections(for: state) == ProfileTransform.sections(response), "seed \(seed), step \(step)")
    }
  }
}
