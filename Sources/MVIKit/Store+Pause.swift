extension Store {
  /// Whether the View is shown a past state, chosen in a debugging aid (a `StateHistory`'s
  /// time travel, the inspector's page), instead of the live one.
  ///
  /// Meanwhile the store refuses the View's intents, which would be computed against the past
  /// (a text field's next text is the shown text plus a key): a View shows that input is
  /// paused, as MVIKitTerminal's `TerminalApp` does with a bar. Intents that effects send are
  /// held and reduced, in order, once the store is live again. A scoped store answers false.
  ///
  /// Observable: a SwiftUI view or `withObservationTracking` that reads it runs again when a
  /// past state starts or stops showing.
  public var isShowingPast: Bool {
    observationRegistrar.access(self, keyPath: \.isShowingPast)
    return engine?.pause != nil
  }

  /// Tells the contexts that read ``isShowingPast`` that it changed.
  func pausedChanged() {
    observationRegistrar.withMutation(of: self, keyPath: \.isShowingPast) {}
  }

  /// Shows the live state again, whichever debugging aid showed a past one, and reduces the
  /// intents that effects sent meanwhile. Nothing when the live state shows.
  public func returnToLive() { engine?.resume() }
}
