import Observation

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

  /// Made on the first read in an Observation-tracking context.
  var observationRegistrar: ObservationRegistrar {
    if let registrar { return registrar }
    let registrar = ObservationRegistrar()
    self.registrar = registrar
    return registrar
  }

  /// Reading the whole state: an `observe` closure is rerun, and an Observation-tracking
  /// context invalidated, on any change.
  func trackWholeState() {
    let whole = \M.State.self
    let state = currentState
    if let observation = ObservationRuns.current {
      if !observation.hasRead(ObjectIdentifier(self), whole) {
        observe(whole, value: state, isEqual: { isEqualIfEquatable($0, $1) }, for: observation)
      }
    } else {
      track(whole, value: state, isEqual: { isEqualIfEquatable($0, $1) })
    }
  }

  /// Tells the flow observer, or standard error when there is none: never silent.
  func report(_ event: FlowEvent<M>, _ message: String) {
    if let flowObserver {
      flowObserver(event)
    } else {
      writeRuntimeWarning("Store<\(M.self)>: \(message)")
    }
  }

  var sideEffectChannel: SideEffectChannel<M.SideEffect> {
    if let channel { return channel }
    let channel = SideEffectChannel<M.SideEffect>()
    self.channel = channel
    return channel
  }

  /// Emits `sideEffect` to the scoped store it belongs to, if one takes it, else to this one.
  package func deliver(_ sideEffect: M.SideEffect) {
    for tap in root?.taps ?? [] { tap.receive(.sideEffect(sideEffect)) }
    guard !accept(sideEffect) else { return }
    flowObserver?(.sideEffect(sideEffect))
    sideEffectChannel.send(sideEffect)
  }

  /// Takes a side effect when this store, or one scoped from it, has been asked for its side
  /// effects; otherwise leaves it to the caller (a scoped store's parent, or ``deliver(_:)``).
  func accept(_ sideEffect: M.SideEffect) -> Bool {
    if children.all.contains(where: { $0.child.entry.route(sideEffect) }) {
      flowObserver?(.sideEffect(sideEffect))
      return true
    }
    guard wantsSideEffects else { return false }
    flowObserver?(.sideEffect(sideEffect))
    sideEffectChannel.send(sideEffect)
    return true
  }

  func updateNeedsSlowSend() {
    let observed =
      flowObserver != nil || !members.isEmpty
      || observedChildren > 0 || optionalChildren > 0 || root?.taps.isEmpty == false
      || root?.travel != nil || root?.runner.isWatchingPresence == true
      || stateStreams?.withLock({ !$0.isEmpty }) == true
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
