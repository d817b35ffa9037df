/// The intent queue: one first-in-first-out order for every intent a store reduces.
extension Store {
  @usableFromInline
  func sendObserved(_ intent: M.Intent) -> StoreTask {
    guard model != nil else { return StoreTask(nil) }
    guard isReducing || travel != nil else {
      return StoreTask(reduceAndDrain(intent, origin: .view, into: nil))
    }
    let cascade = Cascade()
    if travel != nil {
      hold(intent, cascade: cascade, origin: .view)
    } else {
      deferred.append(intent, cascade: cascade, origin: .view)
    }
    return StoreTask(cascade)
  }

  /// Reduces `intent` for an effect that sent it, adding the work it causes to `cascade`.
  func receive(_ intent: M.Intent, into cascade: Cascade?) {
    if travel != nil {
      hold(intent, cascade: cascade, origin: .effect)
    } else if isReducing {
      queue.append(intent, cascade: cascade, origin: .effect)
    } else {
      _ = reduceAndDrain(intent, origin: .effect, into: cascade)
    }
  }

  /// Starts a send (so that sends from observers inside `reduceStep` are queued), reduces
  /// `intent`, then drains.
  func reduceAndDrain(_ intent: M.Intent, origin: IntentOrigin, into cascade: Cascade?)
    -> Cascade?
  {
    isReducing = true
    ObservationRuns.sendBegan()
    return drain(after: reduceStep(intent, origin: origin), into: cascade)
  }

  /// Runs `effect`, then every intent queued meanwhile: fed-back intents first, in order, then
  /// each deferred send with its own feedback. A loop, so a chain of any length runs at
  /// constant stack depth.
  @inlinable
  func drain(after effect: Effect<M.Intent, M.SideEffect>, into cascade: Cascade?) -> Cascade? {
    if !isReducing {
      isReducing = true
      ObservationRuns.sendBegan()
    }
    defer {
      isReducing = false
      ObservationRuns.sendEnded()
    }
    var root = cascade
    run(effect, owner: nil, root: &root)
    while let (intent, owner, origin) = queue.popFirst() ?? deferred.popFirst() {
      run(reduceStep(intent, origin: origin), owner: owner, root: &root)
    }
    return root
  }

  @inlinable
  func run(_ effect: Effect<M.Intent, M.SideEffect>, owner: Cascade?, root: inout Cascade?) {
    switch effect.operation {
    case .none:
      return
    case .send(let intent):
      // The common step of a chain, queued without a trip through the runner.
      queue.append(intent, cascade: owner, origin: .effect)
    default:
      execute(effect, owner: owner, root: &root)
    }
  }

  @usableFromInline
  func execute(_ effect: Effect<M.Intent, M.SideEffect>, owner: Cascade?, root: inout Cascade?) {
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
    guard !needsSlowSend, let model else { return reduceObserved(intent, origin: origin) }
    return model.reduce(&_state, intent)
  }

  @usableFromInline
  func reduceObserved(_ intent: M.Intent, origin: IntentOrigin) -> Effect<M.Intent, M.SideEffect> {
    guard let model else { return .none }
    let effect: Effect<M.Intent, M.SideEffect>
    if flowObserver != nil || !taps.isEmpty {
      flowObserver?(.intent(intent))
      for tap in taps { tap.receive(.intent(intent, origin)) }
      let before = _state
      effect = model.reduce(&_state, intent)
      if !isEqualIfEquatable(before, _state) {
        flowObserver?(.stateChanged(from: before, to: _state))
        for tap in taps { tap.receive(.stateChanged(from: before, to: _state)) }
      }
    } else {
      effect = model.reduce(&_state, intent)
    }
    if runner.isWatchingPresence { runner.checkPresence(in: _state) }
    notifyObservers(after: intent)
    return effect
  }
}
