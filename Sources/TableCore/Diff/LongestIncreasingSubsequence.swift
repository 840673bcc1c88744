/// The longest strictly increasing subsequence of a sequence of distinct integers: the items
/// that may stay where they are while the others move.
enum LongestIncreasingSubsequence {
  /// Marks the elements of one longest strictly increasing subsequence of `values`.
  ///
  /// Patience sorting with a fast path for an element larger than every tail, so an
  /// already-sorted input (the common case: few rows move) costs one comparison per element.
  ///
  /// - Returns: `mask[k]` is true when `values[k]` is on the subsequence.
  /// - Complexity: O(n) when sorted, O(n log n) at worst.
  static func mask(_ values: [Int]) -> [Bool] {
    let count = values.count
    var mask = [Bool](repeating: false, count: count)
    guard count > 0 else { return mask }
    var tails: [Int] = []  // tails[k]: index of the smallest tail of an increasing run of k+1
    var previous = [Int](repeating: -1, count: count)
    tails.reserveCapacity(min(count, 1024))
    for index in 0..<count {
      let value = values[index]
      if let last = tails.last, values[last] >= value {
        var low = 0
        var high = tails.count - 1
        while low < high {
          let middle = (low + high) / 2
          if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
        }
        previous[index] = low > 0 ? tails[low - 1] : -1
        tails[low] = index
      } else {
        previous[index] = tails.last ?? -1
        tails.append(index)
      }
    }
    var cursor = tails.last ?? -1
    while cursor >= 0 {
      mask[cursor] = true
      cursor = previous[cursor]
    }
    return mask
  }
}
