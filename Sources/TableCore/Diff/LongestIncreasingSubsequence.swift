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
    values.withUnsafeBufferPointer { mask($0) }
  }

  /// Marks the elements of one longest strictly increasing subsequence of `values`.
  static func mask(_ values: UnsafeBufferPointer<Int>) -> [Bool] {
    let count = values.count
    var mask = [Bool](repeating: false, count: count)
    guard count > 0 else { return mask }
    // tails[k]: index of the smallest last element of an increasing run of length k + 1.
    var tails = [Int](repeating: 0, count: count)
    var previous = [Int](repeating: -1, count: count)
    var length = 0
    var largest = Int.min  // values[tails[length - 1]]
    tails.withUnsafeMutableBufferPointer { tails in
      previous.withUnsafeMutableBufferPointer { previous in
        for index in 0..<count {
          let value = values[index]
          if value > largest {
            previous[index] = length > 0 ? tails[length - 1] : -1
            tails[length] = index
            length += 1
            largest = value
            continue
          }
          var low = 0
          var high = length - 1
          while low < high {
            let middle = (low + high) / 2
            if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
          }
          previous[index] = low > 0 ? tails[low - 1] : -1
          tails[low] = index
          if low == length - 1 { largest = value }
        }
        mask.withUnsafeMutableBufferPointer { mask in
          var cursor = length > 0 ? tails[length - 1] : -1
          while cursor >= 0 {
            mask[cursor] = true
            cursor = previous[cursor]
          }
        }
      }
    }
    return mask
  }
}
