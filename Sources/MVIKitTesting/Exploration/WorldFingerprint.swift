/// What decides the rest of a schedule, for pruning, as 128 bits: the state, the intents left
/// to send, the clock and what is pending, whatever order the jobs started in. Two worlds with
/// equal fingerprints are taken to end the same way under the same choices.
///
/// A fingerprint rather than the world itself, as model checkers remember states: ten taps
/// with their answers reach eleven million worlds, which kept whole (each state boxed, its
/// jobs listed) took more than a gigabyte; as fingerprints they take 16 bytes each. Two
/// different worlds share one by chance only: for ten million worlds, with a probability
/// below 10⁻²³, against which the search's other limits (its schedule limit, its timeout)
/// are what a user meets.
@usableFromInline
struct WorldFingerprint: Equatable, Sendable {
  @usableFromInline var high: UInt64
  @usableFromInline var low: UInt64

  /// No world's fingerprint: it marks an empty slot of ``ExploredWorlds``.
  @inlinable static var none: WorldFingerprint { WorldFingerprint(high: 0, low: 0) }

  @usableFromInline init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }
}

/// Builds a ``WorldFingerprint``: two hashers, salted apart, take every part of the world, so
/// that the halves are independent.
@usableFromInline
struct FingerprintHasher {
  @usableFromInline var first = Hasher()
  @usableFromInline var second = Hasher()

  @inlinable init() {
    first.combine(UInt8(1))
    second.combine(UInt8(2))
  }

  @inlinable mutating func combine<H: Hashable>(_ value: H) {
    first.combine(value)
    second.combine(value)
  }

  /// Hashes a value through the hashing a search looked up for its type.
  @inlinable mutating func combine<Value>(_ value: Value, with hashing: ValueHashing<Value>) {
    hashing.hash(value, &first)
    hashing.hash(value, &second)
  }

  @inlinable consuming func finalize() -> WorldFingerprint {
    let fingerprint = WorldFingerprint(
      high: UInt64(truncatingIfNeeded: first.finalize()),
      low: UInt64(truncatingIfNeeded: second.finalize()))
    // Never the empty slot's mark.
    return fingerprint == .none ? WorldFingerprint(high: 0, low: 1) : fingerprint
  }
}

extension WorldFingerprint {
  /// A job not finished yet, to be added into a world's fingerprint: what it delivers (its
  /// content's fingerprint), how many deliveries are left, and whether it may deliver now.
  /// Added, not hashed in order, so that the order the jobs started in does not count.
  @inlinable static func pendingJob(content: WorldFingerprint, left: Int, isOpen: Bool) -> Self {
    let progress = UInt64(truncatingIfNeeded: left) << 1 | (isOpen ? 1 : 0)
    return WorldFingerprint(
      high: mix(content.high ^ progress), low: mix(content.low &+ progress &* 0x9E37_79B9_7F4A_7C15)
    )
  }

  /// The sum of fingerprints, word by word, wrapping: a multiset's.
  @inlinable static func &+ (lhs: Self, rhs: Self) -> Self {
    WorldFingerprint(high: lhs.high &+ rhs.high, low: lhs.low &+ rhs.low)
  }

  /// SplitMix64's finalizer: spreads every bit of `value` over the whole word, so that jobs
  /// that differ by one delivery left add up to unrelated values.
  @inlinable static func mix(_ value: UInt64) -> UInt64 {
    var value = value
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
