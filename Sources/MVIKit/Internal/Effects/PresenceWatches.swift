/// The children whose work runs, each with how to tell it is still in the state. After each
/// reduce, the work of a child that the state no longer holds is cancelled. The live runner and
/// the schedule explorer both keep one, so the rule is written once.
@usableFromInline
package struct PresenceWatches {
  private var watches: [EffectID: Presence] = [:]

  @usableFromInline package init() {}

  /// Whether no work of a child is watched.
  @usableFromInline package var isEmpty: Bool { watches.isEmpty }

  /// Watches `presence` while work under its id runs; returns whether it is the first watch.
  @usableFromInline package mutating func add(_ presence: Presence, isRunning: (EffectID) -> Bool)
    -> Bool
  {
    guard watches[presence.id] == nil, isRunning(presence.id) else { return false }
    watches[presence.id] = presence
    return watches.count == 1
  }

  /// Cancels the work of every child that `state` no longer holds, and forgets the watches
  /// whose work ended on its own.
  @usableFromInline package mutating func check(
    _ state: Any, isRunning: (EffectID) -> Bool, cancel: (EffectID) -> Void
  ) {
    for (id, presence) in watches {
      let isPresent = presence.isPresent(state)
      if !isPresent { cancel(id) }
      if !isPresent || !isRunning(id) { watches[id] = nil }
    }
  }
}
