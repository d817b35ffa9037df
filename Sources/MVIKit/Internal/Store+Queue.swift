/// The intent queue of a root store: one order for every intent it reduces. Intents that an
/// intent feeds back come first, first in, first out; a send made meanwhile from outside (an
/// observer) waits until that synchronous work is done.
extension Store {
  @usableFromInline
  func sendObserved(_ intent: M.Intent) -> StoreTask {
    guard let root else { return StoreTask(nil) }
    guard root.isReducing || root.travel != nil else {
      root.queue.append(intent, cascade: nil, origin: .view)
      return StoreTask(drain(after: .none, into: nil))
    }
    let cascade = Cascade()
    if root.travel != nil {
      root.travel?.held.append((intent, cascade, .view))
    } else {
      root.deferred.append(intent, cascade: cascade, origin: .view)
    }
    return StoreTask(cascade)
  }

  /// Reduces `intent` for an effect that sent it, adding the work it causes to `cascade`.
  package func receive(_ intent: M.Intent, into cascade: Cascade?) {
    guard let root else { return }
    if root.travel != nil {
      root.travel?.held.append((intent, cascade, .effect))
    } else {
      root.queue.append(intent, cascade: cascade, origin: .effect)
      if !root.isReducing { _ = drain(after: .none, into: cascade) }
    }
  }

  /// The one bracket of a send: runs `effect`, then every queued intent, while sends from
  /// observers wait in the queue and observations are batched to its end. A loop, so a chain
  /// of any length runs at constant stack depth. Inside a bracket already, it only queues.
  @inlinable
  func drain(after effect: Effect<M.Intent, M.SideEffect>, into cascade: Cascade?) -> Cascade? {
    guard let root else { return nil }
    var work = cascade
    // A bracket opened by the caller (time travel's return to live) is closed here too.
    if !root.isReducing {
      root.isReducing = true
      ObservationRuns.sendBegan()
    }
    defer {
      root.isReducing = false
      ObservationRuns.sendEnded()
    }
    run(effect, owner: nil, root: &work)
    while let (intent, owner, origin) = root.queue.popFirst() ?? root.deferred.popFirst() {
      run(reduceStep(intent, origin: origin), owner: owner, root: &work)
    }
    return work
  }

  @inlinable
  func run(_ effect: Effect<M.Intent, M.SideEffect>, owner: Cascade?, root: inout Cascade?) {
    switch effect.operation {
    case .none:
      return
    case .send(let intent):
      // The common step of a chain, queued without a trip through the runner.
      self.root?.queue.append(intent, cascade: owner, origin: .effect)
    default:
      execute(effect, owner: owner, root: &root)
    }
  }

  @usableFromInline
  func execute(_ effect: Effect<M.Intent, M.SideEffect>, owner: Cascade?, root: inout Cascade?) {
    guard let runner = self.root?.runner else { return }
    if owner != nil {
      var owner = owner
      runner.execute(effect, cascade: &owner)
    } else {
      runner.execute(effect, cascade: &root)
    }
  }

  /// Reduces one intent, telling the flow observer and the observers of what changed.
  @inlinable
  func reduceStep(_ intent: M.Intent, origin: IntentOrigin) -> Effect<M.Intent, M.SideEffect> {
    guard !needsSlowSend, let root else { return reduceObserved(intent, origin: origin) }
    return root.model.reduce(&_state, intent)
  }

  @usableFromInline
  func reduceObserved(_ intent: M.Intent, origin: IntentOrigin) -> Effect<M.Intent, M.SideEffect> {
    guard let root else { return .none }
    let effect: Effect<M.Intent, M.SideEffect>
    if flowObserver != nil || !root.taps.isEmpty {
      flowObserver?(.intent(intent))
      for tap in root.taps { tap.receive(.intent(intent, origin)) }
      let before = _state
      effect = root.model.reduce(&_state, intent)
      if !isEqualIfEquatable(before, _state) {
        flowObserver?(.stateChanged(from: before, to: _state))
        for tap in root.taps { tap.receive(.stateChanged(from: before, to: _state)) }
      }
    } else {
      effect = root.model.reduce(&_state, intent)
    }
    if root.runner.isWatchingPresence { root.runner.checkPresence(in: _state) }
    notifyObservers(after: intent)
    return effect
  }
}
