/// The worlds a search has explored, by their fingerprints, up to a bound.
///
/// A table of its own rather than a `Set`: nearly every lookup is of a world not met before,
/// and here such a lookup reads the slots its fingerprint leads to and nothing else. Each slot
/// holds a fingerprint, 16 bytes; the table is kept at most three quarters full.
@usableFromInline
struct ExploredWorlds {
  /// How many fingerprints the table keeps at most.
  let limit: Int
  private var slots = Array(repeating: WorldFingerprint.none, count: 1_024)
  private(set) var count = 0

  @usableFromInline init(limit: Int) {
    self.limit = limit
  }

  /// Whether the world of `fingerprint` was explored before; if not, and the table is under
  /// its limit, it is kept as explored now.
  @usableFromInline mutating func wasExplored(_ fingerprint: WorldFingerprint) -> Bool {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: fingerprint.low) & mask
    while slots[slot] != .none {
      if slots[slot] == fingerprint { return true }
      slot = (slot + 1) & mask
    }
    guard count < limit else { return false }
    slots[slot] = fingerprint
    count += 1
    if count * 4 > slots.count * 3 { grow() }
    return false
  }

  private mutating func grow() {
    let old = slots
    slots = Array(repeating: .none, count: old.count * 2)
    let mask = slots.count - 1
    for moved in old where moved != .none {
      var slot = Int(truncatingIfNeeded: moved.low) & mask
      while slots[slot] != .none { slot = (slot + 1) & mask }
      slots[slot] = moved
    }
  }
}
