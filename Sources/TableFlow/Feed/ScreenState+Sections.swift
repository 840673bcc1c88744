import TableCore

extension ScreenState {
  /// The sections `build` makes from `input`, built again only when `input` differs from the
  /// input of the screen's last build under `key`: the fast path for a screen (or a part of
  /// one) made of a few sections from a small model, such as a form or a profile.
  ///
  /// When `input` equals the one remembered, the result is the very array of sections
  /// returned then, with the very arrays of rows, which the rest of the build takes as
  /// sections that did not change: they are not validated again, and the diff compares
  /// nothing in them. So an intent that leaves the input alone (a collapse, a load-more row,
  /// a refresh that returns the same answer) costs one comparison of the input.
  ///
  /// ```swift
  /// func sections(for state: ScreenState<ProfileResponse>) throws -> [Section] {
  ///   guard let response = state.model else { return [] }
  ///   return state.sections("profile", from: response) { ProfileTransform.sections($0) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: Names this part of the screen among its others (each key remembers its own
  ///     input); keys never clash with those of ``rows(_:of:row:)``.
  ///   - input: Everything the sections show: the model, typed texts, switches, changes.
  ///   - build: The sections of an input. It must depend on the input alone (and on what
  ///     `key` names): sections built once are reused for every equal input.
  /// - Returns: The sections of `input`.
  /// - Throws: What `build` throws; nothing is remembered then.
  /// - Complexity: One comparison of `input` with the remembered one (arrays that are the
  ///   remembered array compare in O(1)), plus `build` when they differ.
  @inlinable
  public func sections<Input: Hashable & Sendable>(
    _ key: some Hashable & Sendable, from input: Input, build: (Input) throws -> [Section]
  ) rethrows -> [Section] {
    try memoised(key, from: input, build: build)
  }

  /// What `build` makes from `input`, made again only when `input` differs from the input of
  /// the screen's last use of `key`: for what a screen derives from its answers before making
  /// rows (a grouping, an index), used by ``Screen/sections(for:)`` and
  /// ``Screen/nextPage(of:state:)`` alike. ``sections(_:from:build:)`` is this for sections.
  ///
  /// ```swift
  /// let groups = state.memoised("groups", from: state.pages(in: "all")) { Groups(of: $0) }
  /// ```
  ///
  /// - Parameters:
  ///   - key: Names the value among the screen's others; keys never clash with those of
  ///     ``rows(_:of:row:)``. Use one key per kind of output.
  ///   - input: Everything the value depends on.
  ///   - build: The value of an input; it must depend on the input alone.
  /// - Returns: The value of `input`: the remembered one when `input` equals its input.
  /// - Throws: What `build` throws; nothing is remembered then.
  /// - Complexity: One comparison of `input` with the remembered one, plus `build` when they
  ///   differ. The value lives while the screen's builds use `key`.
  @inlinable
  public func memoised<Input: Hashable & Sendable, Output: Sendable>(
    _ key: some Hashable & Sendable, from input: Input, build: (Input) throws -> Output
  ) rethrows -> Output {
    let key = AnyHashable(MemoSectionsKey(key: key))
    if let previous = rowMemo.entry(for: key, as: MemoSections<Input, Output>.self), previous.input == input {
      rowMemo.remember(previous, for: key)
      return previous.output
    }
    let output = try build(input)
    rowMemo.remember(MemoSections(input: input, output: output), for: key)
    return output
  }
}

/// The key of ``ScreenState/memoised(_:from:build:)``'s entries: a type of its own, so that
/// they never clash with the row lists' entries of the same key.
@usableFromInline
struct MemoSectionsKey<Key: Hashable & Sendable>: Hashable, Sendable {
  @usableFromInline let key: Key

  @inlinable
  init(key: Key) { self.key = key }
}

/// An input and what was made from it.
@usableFromInline
struct MemoSections<Input: Hashable & Sendable, Output: Sendable>: Sendable {
  @usableFromInline let input: Input
  @usableFromInline let output: Output

  @inlinable
  init(input: Input, output: Output) {
    self.input = input
    self.output = output
  }
}
