/// What every store does around a send: reading its state, sending up from a scoped store,
/// delivering side effects and reporting misuse.
extension Store {
  /// The state now: a scoped store reads it from its parent, so it is never stale. Once its
  /// part of the parent's state is seen gone, it is cut off for good and keeps the last state
  /// read through it.
  @inlinable @inline(__always)
  var currentState: M.State {
    if let upstream {
      if let state = upstream.read() { _state = state } else { upstream.cutOff() }
    }
    return _state
  }

  /// A scoped store's send: up to the root, or dropped with a report once cut off.
  @usableFromInline
  func sendUp(_ intent: M.Intent) -> StoreTask {
    guard let upstream, !upstream.isDetached else {
      report(
        .runtimeWarning("dropped \(intent): this store's child is gone from its parent's state"),
        "dropped \(intent): this store's child is gone from its parent's state.")
      return StoreTask(nil)
    }
    return upstream.send(intent)
  }

  /// Tells the flow observer, or standard error when there is none: never silent.
  func report(_ event: FlowEvent<M>, _ message: String) {
    if let flowObserver {
      flowObserver(event)
    } else {
      writeRuntimeWarning("Store<\(M.self)>: \(message)")
    }
  }

  var sideEffectChannel: SideEffects<M.SideEffect> {
    if let channel { return channel }
    let channel = SideEffects<M.SideEffect>()
    self.channel = channel
    return channel
  }

  /// Emits `sideEffect` to the scoped store it belongs to, if one takes it, else to this one.
  package func deliver(_ sideEffect: M.SideEffect) {
    for tap in root?.taps ?? [] { tap.receive(.sideEffect(sideEffect), nil) }
    _ = accept(sideEffect, lastStop: true)
  }

  /// Takes a side effect when this store, or one scoped from it, has been asked for its side
  /// effects, or this store is its `lastStop`; otherwise leaves it to the caller (a scoped
  /// store's parent).
  func accept(_ sideEffect: M.SideEffect, lastStop: Bool = false) -> Bool {
    let routed = children.all.contains { $0.child.entry.route(sideEffect) }
    guard routed || wantsSideEffects || lastStop else { return false }
    flowObserver?(.sideEffect(sideEffect))
    if !routed { sideEffectChannel.send(sideEffect) }
    return true
  }

  func updateNeedsSlowSend() {
    let observed =
      flowObserver != nil || !members.isEmpty
      || observedChildren > 0 || optionalChildren > 0 || root?.taps.isEmpty == false
      || root?.travel != nil || root?.runner.isWatchingPresence == true
    guard observed != needsSlowSend else { return }
    needsSlowSend = observed
    upstream?.observationChanged(isObserved: observed)
  }
}

extension Store: EffectSink {
  package typealias Intent = M.Intent
  package typealias SideEffect = M.SideEffect

  package func effectFailed(_ error: any Error) {
    report(.unhandledError(error), "an effect threw an error with no catch: handler: \(error)")
  }

  package func effectWarned(_ warning: String) {
    report(.runtimeWarning(warning), warning)
  }

  package func presenceWatchesChanged() {
    updateNeedsSlowSend()
  }
}

extension Store: ObservedChild {
  func childObservationChanged(isObserved: Bool) {
    observedChildren += isObserved ? 1 : -1
    updateNeedsSlowSend()
  }
}

extension Store {
  /// How many effect tasks a root store runs now; for tests.
  package var runningEffectCount: Int { root?.runner.madeRegistry?.count ?? 0 }
  /// How many side effects wait for a consumer; for tests.
  package var pendingSideEffectCount: Int { channel?.pendingCount ?? 0 }
}
