extension Array {
  /// Whether both arrays are one storage: the same buffer and count, so the same elements.
  /// What the build, the diff and the presenter ask before comparing rows one by one: a
  /// section or page reused as it was costs O(1).
  @inlinable
  package func isSameStorage(as other: [Element]) -> Bool {
    guard count == other.count else { return false }
    return withUnsafeBufferPointer { lhs in
      other.withUnsafeBufferPointer { rhs in lhs.baseAddress == rhs.baseAddress }
    }
  }
}
