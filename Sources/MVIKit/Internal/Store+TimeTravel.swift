/// Showing a past state: the View renders it while the live state waits, and every intent
/// that arrives meanwhile (an effect finishing, a key) is held, not lost, until the store is
/// live again. Driven by MVIKitRecording's `StateHistory`.
extension Store {
  /// Shows `state` to the View; the live state is kept to return to.
  func showPast(_ state: M.State) {
    guard let root else { return }
    if root.liveState == nil {
      root.liveState = _state
      updateNeedsSlowSend()
    }
    _state = state
    notifyObservers()
  }

  /// Shows the live state again, then reduces the intents held meanwhile, in order, after any
  /// that observers send on seeing the live state.
  func resumeLive() {
    guard let root, let live = root.liveState else { return }
    root.liveState = nil
    _state = live
    // Observers see the live state first; what they send is reduced before the held intents,
    // which wait behind it in the deferred queue.
    notifyObservers()
    if !root.isReducing { _ = drain(after: .none, into: nil) }
  }
}
