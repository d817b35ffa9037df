/// What decides the rest of a schedule, for pruning: two worlds with equal signatures end the
/// same way under the same choices. The state, the intents left to send, the clock and what is
/// pending, whatever order the jobs started in.
@usableFromInline
struct WorldSignature: Equatable {
  /// A job not finished yet: what it delivers (by its number in the search's
  /// ``JobContents``), how many deliveries are left, and whether it may deliver now.
  @usableFromInline
  struct JobKey: Hashable, Comparable {
    @usableFromInline let content: Int
    @usableFromInline let left: Int
    @usableFromInline let isOpen: Bool

    @usableFromInline init(content: Int, left: Int, isOpen: Bool) {
      self.content = content
      self.left = left
      self.isOpen = isOpen
    }

    @usableFromInline static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.content, lhs.left, lhs.isOpen ? 1 : 0) < (rhs.content, rhs.left, rhs.isOpen ? 1 : 0)
    }
  }

  let state: AnyHashable
  let sentIntents: Int
  let now: Duration
  /// Sorted, so that the order the jobs started in does not count.
  let jobs: [JobKey]
  /// Computed once: the table compares hashes at each probe and moves them as it grows, and
  /// hashing a state goes through its `AnyHashable` box each time.
  let hash: Int

  @usableFromInline init(state: AnyHashable, sentIntents: Int, now: Duration, jobs: [JobKey]) {
    self.state = state
    self.sentIntents = sentIntents
    self.now = now
    self.jobs = jobs
    var hasher = Hasher()
    hasher.combine(state)
    hasher.combine(sentIntents)
    hasher.combine(now)
    hasher.combine(jobs)
    hash = hasher.finalize()
  }

  @usableFromInline static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.hash == rhs.hash && lhs.sentIntents == rhs.sentIntents && lhs.now == rhs.now
      && lhs.jobs == rhs.jobs && lhs.state == rhs.state
  }
}

/// The contents of the jobs a search has met, each numbered once: a signature names a job's
/// content by its number, so that comparing and hashing signatures never goes through the
/// intents themselves, and the pruning table keeps a few words per job.
@usableFromInline
struct JobContents {
  private var numbers: [AnyHashable: Int] = [:]

  @usableFromInline init() {}

  @usableFromInline mutating func number(of content: AnyHashable) -> Int {
    if let number = numbers[content] { return number }
    numbers[content] = numbers.count
    return numbers.count - 1
  }
}
