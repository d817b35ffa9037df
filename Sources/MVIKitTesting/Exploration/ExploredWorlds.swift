/// The worlds a search has explored, by their signatures, up to a bound.
///
/// A table of its own rather than a `Set`: nearly every lookup is of a world not met before,
/// and here such a lookup compares only the stored hashes, which sit side by side. A `Set`
/// copied each entry it probed, retaining its state's storage, long gone from the cache.
struct ExploredWorlds {
  /// How many signatures the table keeps at most.
  let limit: Int
  private(set) var count = 0
  /// Each slot's signature hash, or 0 for an empty slot (a hash of 0 is stored as 1).
  private var hashes: [Int]
  private var signatures: [WorldSignature?]

  init(limit: Int) {
    self.limit = limit
    hashes = Array(repeating: 0, count: 1_024)
    signatures = Array(repeating: nil, count: 1_024)
  }

  /// Whether `signature` was explored before; if not, and the table is under its limit, it is
  /// kept as explored now.
  mutating func wasExplored(_ signature: WorldSignature) -> Bool {
    let hash = Self.stored(signature.hash)
    var slot = hash & (hashes.count - 1)
    while hashes[slot] != 0 {
      if hashes[slot] == hash, signatures[slot] == signature { return true }
      slot = (slot + 1) & (hashes.count - 1)
    }
    guard count < limit else { return false }
    hashes[slot] = hash
    signatures[slot] = signature
    count += 1
    // Kept at most half full, so that a lookup of a new world ends after a probe or two.
    if count * 2 > hashes.count { grow() }
    return false
  }

  private mutating func grow() {
    let oldHashes = hashes
    var oldSignatures = signatures
    hashes = Array(repeating: 0, count: oldHashes.count * 2)
    signatures = Array(repeating: nil, count: oldHashes.count * 2)
    for index in oldHashes.indices where oldHashes[index] != 0 {
      var slot = oldHashes[index] & (hashes.count - 1)
      while hashes[slot] != 0 { slot = (slot + 1) & (hashes.count - 1) }
      hashes[slot] = oldHashes[index]
      signatures[slot] = oldSignatures[index].take()
    }
  }

  private static func stored(_ hash: Int) -> Int { hash == 0 ? 1 : hash }
}
