/// Showing a past state: the View renders it while the live state waits, and every intent
/// that arrives meanwhile (an effect finishing, a key) is held, not lost, until the store is
/// live again. Driven by MVIKitRecording's `StateHistory`.
extension Store {
  /// Shows `state` to the View; the live state is kept to return to.
  func showPast(_ state: M.State) {
    if travel == nil { travel = Travel(live: _state) }
    _state = state
    notifyObservers(after: nil)
  }

  /// Shows the live state again, then reduces the intents held meanwhile, in order (after
  /// any that observers send on seeing the live state, which queue as in a send).
  func resumeLive() {
    guard let travel else { return }
    self.travel = nil
    _state = travel.live
    let wasReducing = isReducing
    if !wasReducing {
      isReducing = true
      ObservationRuns.sendBegan()
    }
    notifyObservers(after: nil)
    for (intent, cascade, origin) in travel.held {
      queue.append(intent, cascade: cascade, origin: origin)
    }
    if !wasReducing { _ = drain(after: .none, into: nil) }
  }

  func hold(_ intent: M.Intent, cascade: Cascade?, origin: IntentOrigin) {
    travel?.held.append((intent, cascade, origin))
  }
}
