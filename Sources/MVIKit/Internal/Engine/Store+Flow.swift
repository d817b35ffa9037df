/// What every store does around a send: reading its state, sending up from a scoped store,
/// taking side effects and reporting misuse.
extension Store {
  /// The root store's engine, for the API only a root store has; nil in a scoped store.
  @inlinable var engine: StoreEngine<M>? { core.engine }

  /// The state now: a root store's own; a scoped store reads it from its parent, so it is
  /// never stale, until its part of the parent's state is seen gone, when it is cut off for
  /// good and keeps the last state read through it.
  @inlinable @inline(__always)
  var currentState: M.State { core.currentState(of: self) }

  /// Reports a misuse the store survived to the root's attachments, and standard error when
  /// no flow observer shows it.
  func warn(_ message: String) { core.warn(message) }

  var sideEffectChannel: SideEffects<M.SideEffect> {
    if let channel = core.madeChannel { return channel }
    let channel = SideEffects<M.SideEffect>()
    core.madeChannel = channel
    return channel
  }

  /// Takes a side effect when this store, or one scoped from it, has been asked for its side
  /// effects, or this store is its `lastStop`; otherwise leaves it to the caller (a scoped
  /// store's parent).
  func accept(_ sideEffect: M.SideEffect, lastStop: Bool = false) -> Bool {
    // A loop, not `contains(where:)`, which boxes each entry it looks at (see ChildStores).
    for (_, entry) in children.all where entry.route(sideEffect) { return true }
    // A scoped store has a channel once its side effects were asked for, and takes them then.
    guard lastStop || core.madeChannel != nil else { return false }
    sideEffectChannel.send(sideEffect)
    return true
  }

  /// Whether a send takes the slow path: the one place the send reads its reasons.
  @inlinable var needsSlowSend: Bool { !slowPathReasons.isEmpty }

  /// Whether a View observes this scoped store, or one scoped from it, or its children must be
  /// checked: what its parent keeps count of. A scoped store has no root's reasons, so these
  /// are all its reasons.
  @inlinable var isObservedByItsParent: Bool { needsSlowSend }

  /// Sets or clears `reason`, where it arises; tells the parent when the store becomes
  /// observed, or stops being.
  @usableFromInline func setSlowPath(_ reason: SlowPathReasons, _ isOn: Bool) {
    let wasObserved = needsSlowSend
    if isOn { slowPathReasons.insert(reason) } else { slowPathReasons.remove(reason) }
    assert(
      slowPathReasons == freshSlowPathReasons(),
      "slow-path reasons \(slowPathReasons.rawValue) kept, \(freshSlowPathReasons().rawValue) now")
    if wasObserved != needsSlowSend { core.observationChanged(needsSlowSend) }
  }

  /// The reasons computed afresh from what they stand for, for the debug check.
  @usableFromInline func freshSlowPathReasons() -> SlowPathReasons {
    var reasons = core.rootSlowPathReasons()
    if !members.isEmpty { reasons.insert(.membersObserved) }
    if children.observed > 0 { reasons.insert(.childObserved) }
    if children.optional { reasons.insert(.childMayGo) }
    return reasons
  }

  /// How many effect tasks a root store runs now; for tests.
  package var runningEffectCount: Int { engine?.madeRegistry?.count ?? 0 }
  /// How many side effects wait for a consumer; for tests.
  package var pendingSideEffectCount: Int { core.madeChannel?.pendingCount ?? 0 }
}

extension Store: ObservedChild {
  @usableFromInline func childObservationChanged(isObserved: Bool) {
    children.observed += isObserved ? 1 : -1
    setSlowPath(.childObserved, children.observed > 0)
  }
}
