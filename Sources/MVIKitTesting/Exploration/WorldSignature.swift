/// What decides the rest of a schedule, for pruning: two worlds with equal signatures end the
/// same way under the same choices. The state, the intents left to send, the clock and what is
/// pending, whatever order the jobs started in.
struct WorldSignature: Hashable {
  /// A job not finished yet: what it delivers, how many deliveries are left, and whether it
  /// may deliver now.
  struct JobKey: Hashable, Comparable {
    let content: HashedKey
    let left: Int
    let isOpen: Bool

    static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.content.hash, lhs.left, lhs.isOpen ? 1 : 0)
        < (rhs.content.hash, rhs.left, rhs.isOpen ? 1 : 0)
    }
  }

  let state: AnyHashable
  let sentIntents: Int
  let now: Duration
  /// Sorted by hash, so that the order the jobs started in does not count. Two equal
  /// multisets of jobs whose hashes collide may sort apart: a missed prune, never a wrong one.
  let jobs: [JobKey]
}

/// A value with its hash computed once, for keys that are hashed again and again.
struct HashedKey: Hashable {
  let value: AnyHashable
  let hash: Int

  init(_ value: AnyHashable) {
    self.value = value
    hash = value.hashValue
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.hash == rhs.hash && lhs.value == rhs.value }
  func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
