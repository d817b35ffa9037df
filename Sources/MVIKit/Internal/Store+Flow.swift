/// What every store does around a send: reading its state, sending up from a scoped store,
/// delivering side effects and reporting misuse.
extension Store {
  /// The state now: a scoped store reads it from its parent, so it is never stale. Once its
  /// part of the parent's state is seen gone, it is cut off for good and keeps the last state
  /// read through it.
  @inlinable @inline(__always)
  var currentState: M.State {
    if let upstream {
      if !isCutOff, let state = upstream.read() { _state = state } else { cutOff() }
    }
    return _state
  }

  /// A scoped store's send: up to the root, or dropped with a report once cut off.
  // Inlined into the send: three instructions more for a root send (its frame saves more
  // registers), a call and a frame fewer for every scoped send (`make bench-instructions`).
  @inlinable @inline(__always)
  func sendUp(_ intent: M.Intent) -> StoreTask {
    guard let upstream = unretainedUpstream else { return StoreTask(nil) }
    // The store keeps its upstream alive, so the send need not retain it.
    return withUnretained(upstream) { isCutOff ? $0.dropped(intent) : $0.route($0, intent) }
  }

  /// Tells the root's flow listeners, and standard error when no flow observer shows it.
  func warn(_ message: String) {
    if let upstream { return upstream.warn(message) }
    report(.runtimeWarning(message), message)
  }

  /// Tells every listener; standard error too, unless a flow observer shows reports.
  func report(_ event: FlowEvent<M>, _ message: String) {
    flow(event, nil)
    guard root?.listeners.contains(where: { $0.kind != .tap }) == true else {
      return writeRuntimeWarning("Store<\(M.self)>: \(message)")
    }
  }

  var sideEffectChannel: SideEffects<M.SideEffect> {
    if madeChannel == nil { madeChannel = SideEffects() }
    return madeChannel!
  }

  /// Emits `sideEffect` to the scoped store it belongs to, if one takes it, else to this one.
  package func deliver(_ sideEffect: M.SideEffect) {
    flow(.sideEffect(sideEffect), nil)
    _ = accept(sideEffect, lastStop: true)
  }

  /// Takes a side effect when this store, or one scoped from it, has been asked for its side
  /// effects, or this store is its `lastStop`; otherwise leaves it to the caller (a scoped
  /// store's parent).
  func accept(_ sideEffect: M.SideEffect, lastStop: Bool = false) -> Bool {
    // A loop, not `contains(where:)`, which boxes each entry it looks at (see ChildStores).
    for (_, entry) in children.all where entry.route(sideEffect) { return true }
    // A scoped store has a channel once its side effects were asked for, and takes them then.
    guard lastStop || madeChannel != nil else { return false }
    sideEffectChannel.send(sideEffect)
    return true
  }

  @inlinable
  func updateNeedsSlowSend() {
    let observed =
      !members.isEmpty || children.observed > 0 || children.optional
      || root?.needsSlowSend == true
    guard observed != needsSlowSend else { return }
    needsSlowSend = observed
    upstream?.observationChanged(observed)
  }

  /// How many effect tasks a root store runs now; for tests.
  package var runningEffectCount: Int { root?.madeRegistry?.count ?? 0 }
  /// How many side effects wait for a consumer; for tests.
  package var pendingSideEffectCount: Int { madeChannel?.pendingCount ?? 0 }
}

extension Store: EffectSink {
  package func effectFailed(_ error: any Error) {
    report(.unhandledError(error), "an effect threw an error with no catch: handler: \(error)")
  }

  package func effectWarned(_ warning: String) { warn(warning) }

  package func presenceWatchesChanged() { updateNeedsSlowSend() }
}

extension Store: ObservedChild {
  @usableFromInline func childObservationChanged(isObserved: Bool) {
    children.observed += isObserved ? 1 : -1
    updateNeedsSlowSend()
  }
}
