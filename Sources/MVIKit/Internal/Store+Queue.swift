/// The intent queue of a root store: one order for every intent it reduces. Intents that an
/// intent feeds back come first, first in, first out; a send made meanwhile from outside (an
/// observer) waits until that synchronous work is done.
extension Store {
  // Specialised where it is sent from, as the drain it runs is, but not inlined there.
  @inlinable @inline(never)
  func sendObserved(_ intent: M.Intent) -> StoreTask {
    guard let root else { return StoreTask(nil) }
    // While a past state is shown, the View's input would be computed against the past (a
    // text field's new text is the past text plus a key): it is refused, as the Elm debugger
    // blocks input while it shows the past. Effects' intents still wait for the live state.
    if root.shownPast != nil {
      flow(
        .runtimeWarning(
          "\(intent) was not reduced: a past state is shown, and the View's input is paused "
            + "until the store is live again."), .view)
      return StoreTask(nil)
    }
    guard root.isReducing else {
      root.queue.append((intent, nil, .view))
      return StoreTask(drain(after: .none, into: nil))
    }
    let cascade = Cascade()
    root.deferred.append((intent, cascade, .view))
    return StoreTask(cascade)
  }

  /// Reduces `intent` for an effect that sent it, adding the work it causes to `cascade`.
  package func receive(_ intent: M.Intent, into cascade: Cascade?) {
    guard let root else { return }
    guard root.shownPast == nil else { return root.deferred.append((intent, cascade, .effect)) }
    root.queue.append((intent, cascade, .effect))
    if !root.isReducing { _ = drain(after: .none, into: cascade) }
  }

  /// The one bracket of a send: runs `effect`, then every queued intent, while sends from
  /// observers wait in the queue and observations are batched to its end. A loop, so a chain
  /// of any length runs at constant stack depth. Called only outside a bracket.
  @inlinable
  func drain(after effect: Effect<M.Intent, M.SideEffect>, into cascade: Cascade?) -> Cascade? {
    guard let root else { return nil }
    // A scoped store's send reaches its root unretained (see ``Upstream/route``), and what
    // runs here (flow listeners, observers) may let go of the root's last owner: it must
    // outlive this.
    let alive = Unmanaged.passRetained(self)
    var work = cascade
    root.isReducing = true
    ObservationRuns.sendBegan()
    defer {
      root.isReducing = false
      ObservationRuns.sendEnded()
      alive.release()
    }
    run(effect, into: &work, root: root)
    while let (intent, owner, origin) = root.queue.popFirst() ?? root.deferred.popFirst() {
      // An intent an effect fed back joins its effect's cascade; the others, the send's.
      var target = owner ?? work
      var effect = reduceStep(intent, origin: origin, root: root)
      // A chain's `.send` with nothing queued before it is reduced next, as it would be after
      // a trip through the queue, without the trip.
      while case .send(let next) = effect.operation, root.queue.isEmpty {
        effect = reduceStep(next, origin: .effect, root: root)
      }
      run(effect, into: &target, root: root)
      if owner == nil { work = target }
    }
    return work
  }

  /// Runs `effect`, whose work joins `cascade`; an intent it feeds back joins it too.
  @inlinable
  func run(
    _ effect: Effect<M.Intent, M.SideEffect>, into cascade: inout Cascade?, root: RootCore<M>
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let intent):
      // The common step of a chain, queued without a trip through the runner.
      root.queue.append((intent, cascade, .effect))
    default:
      root.execute(effect, cascade: &cascade)
    }
  }

  /// Reduces one intent, telling the flow observer and the observers of what changed.
  @inlinable
  func reduceStep(_ intent: M.Intent, origin: IntentOrigin, root: RootCore<M>)
    -> Effect<M.Intent, M.SideEffect>
  {
    guard !needsSlowSend else { return reduceObserved(intent, origin: origin) }
    return root.model.reduce(&_state, intent)
  }

  @inlinable
  func reduceObserved(_ intent: M.Intent, origin: IntentOrigin) -> Effect<M.Intent, M.SideEffect> {
    guard let root else { return .none }
    // Taken, so that the sends after this one take the fast path again; the notification of
    // observers below recomputes `needsSlowSend`.
    root.changeListener.take()?()
    let effect: Effect<M.Intent, M.SideEffect>
    if !root.listeners.isEmpty {
      flow(.intent(intent), origin)
      let before = _state
      effect = root.model.reduce(&_state, intent)
      if !isEqualIfEquatable(before, _state) {
        flow(.stateChanged(from: before, to: _state), origin)
      }
    } else {
      effect = root.model.reduce(&_state, intent)
    }
    if root.isWatchingPresence { root.checkPresence(in: _state) }
    notifyObservers()
    return effect
  }

  /// Tells the flow's listeners: flow observers and the taps of debugging aids.
  @inlinable func flow(_ event: FlowEvent<M>, _ origin: IntentOrigin?) {
    guard let root else { return }
    for listener in root.listeners { listener.receive(event, origin) }
  }
}
