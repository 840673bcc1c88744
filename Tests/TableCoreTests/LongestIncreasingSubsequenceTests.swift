import TestSupport
import Testing

@testable import TableCore

@Suite("LongestIncreasingSubsequence")
struct LongestIncreasingSubsequenceTests {
  private func subsequence(_ values: [Int]) -> [Int] {
    let mask = LongestIncreasingSubsequence.mask(values)
    return values.indices.filter { mask[$0] }.map { values[$0] }
  }

  @Test("known sequences")
  func knownSequences() {
    #expect(subsequence([]) == [])
    #expect(subsequence([1, 2, 3, 4, 5, 0]) == [1, 2, 3, 4, 5])
    #expect(subsequence([5, 4, 3, 2, 1]).count == 1)
    #expect(subsequence([3, 1, 2, 5, 4, 6]).count == 4)
  }

  @Test("random sequences: strictly increasing and as long as the quadratic DP says")
  func randomSequences() {
    var random = SeededGenerator(seed: 7)
    for _ in 0..<500 {
      let values = Array(0..<Int.random(in: 0..<40, using: &random)).shuffled(using: &random)
      let found = subsequence(values)
      #expect(zip(found, found.dropFirst()).allSatisfy { $0 < $1 })
      #expect(found.count == MoveBound.longestIncreasing(values))
    }
  }
}
