/// One step of a store's one-way data flow, as seen by a ``FlowObserver``.
public enum FlowEvent<M: Model> {
  /// An intent is about to be reduced.
  case intent(M.Intent)
  /// Reducing the last intent changed the state. When the state is not `Equatable`, every
  /// reduce reports a change.
  case stateChanged(from: M.State, to: M.State)
  /// A side effect was emitted to the View.
  case sideEffect(M.SideEffect)
  /// An effect threw and had no `catch:` handler.
  case unhandledError(any Error)
  /// A misuse the store dropped instead of crashing, such as an intent for an optional child
  /// that is absent or a row that was removed.
  case runtimeWarning(String)
}
