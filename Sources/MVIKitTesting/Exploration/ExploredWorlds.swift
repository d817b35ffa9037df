/// The worlds a search has explored, by their signatures, up to a bound.
///
/// A table of its own rather than a `Set`: nearly every lookup is of a world not met before,
/// and here such a lookup reads only the slot its hash leads to, where the hash is kept beside
/// the entry's number. The signatures themselves are appended in order, so that keeping one
/// writes to memory just written, and growing the table moves the slots only. A `Set` copied
/// each entry it probed, retaining its state's storage, long gone from the cache.
@usableFromInline
struct ExploredWorlds {
  /// Where a signature's hash leads: the hash, and the signature's number in `signatures`
  /// plus one (0 for an empty slot).
  private struct Slot {
    var hash = 0
    var entry: UInt32 = 0
  }

  /// How many signatures the table keeps at most.
  let limit: Int
  private var slots = Array(repeating: Slot(), count: 1_024)
  private var signatures: [WorldSignature] = []

  var count: Int { signatures.count }

  @usableFromInline init(limit: Int) {
    // A slot numbers its signature in 32 bits.
    self.limit = min(limit, Int(UInt32.max) - 1)
  }

  /// Whether `signature` was explored before; if not, and the table is under its limit, it is
  /// kept as explored now.
  @usableFromInline mutating func wasExplored(_ signature: WorldSignature) -> Bool {
    var slot = signature.hash & (slots.count - 1)
    while slots[slot].entry != 0 {
      if slots[slot].hash == signature.hash,
        signatures[Int(slots[slot].entry) - 1] == signature
      {
        return true
      }
      slot = (slot + 1) & (slots.count - 1)
    }
    guard signatures.count < limit else { return false }
    signatures.append(signature)
    slots[slot] = Slot(hash: signature.hash, entry: UInt32(signatures.count))
    // Kept at most half full, so that a lookup of a new world ends after a probe or two.
    if signatures.count * 2 > slots.count { grow() }
    return false
  }

  private mutating func grow() {
    let old = slots
    slots = Array(repeating: Slot(), count: old.count * 2)
    for moved in old where moved.entry != 0 {
      var slot = moved.hash & (slots.count - 1)
      while slots[slot].entry != 0 { slot = (slot + 1) & (slots.count - 1) }
      slots[slot] = moved
    }
  }
}
