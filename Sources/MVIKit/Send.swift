/// The handle that a ``Effect/run(priority:_:catch:)`` closure uses to talk back to the store.
///
/// Call it to send an intent (`await send(.loaded(data))`) and use ``emit(_:)`` for a one-shot
/// side effect. Once the effect is cancelled, or its store is gone, both do nothing: late
/// results are dropped, never delivered to a screen that moved on.
public struct Send<Intent: Sendable, SideEffect: Sendable>: Sendable {
  // One closure rather than one per event: each would be an allocation per effect.
  let sink: @MainActor @Sendable (EffectEvent<Intent, SideEffect>) -> Void

  package init(_ sink: @escaping @MainActor @Sendable (EffectEvent<Intent, SideEffect>) -> Void) {
    self.sink = sink
  }

  /// Sends `intent` to the store, which reduces it on the main actor.
  public func callAsFunction(_ intent: Intent) async {
    guard !Task.isCancelled else { return }
    await sink(.intent(intent))
  }

  /// Emits `sideEffect` to the View, exactly once.
  public func emit(_ sideEffect: SideEffect) async {
    guard !Task.isCancelled else { return }
    await sink(.sideEffect(sideEffect))
  }

  func pullback<Child: Sendable, ChildSideEffect: Sendable>(
    intent: @escaping @Sendable (Child) -> Intent,
    sideEffect: @escaping @Sendable (ChildSideEffect) -> SideEffect
  ) -> Send<Child, ChildSideEffect> {
    Send<Child, ChildSideEffect> { event in
      switch event {
      case .intent(let child): sink(.intent(intent(child)))
      case .sideEffect(let child): sink(.sideEffect(sideEffect(child)))
      case .error(let error): sink(.error(error))
      }
    }
  }
}

/// What an effect hands back to its store through ``Send``.
package enum EffectEvent<Intent: Sendable, SideEffect: Sendable>: Sendable {
  case intent(Intent)
  case sideEffect(SideEffect)
  case error(any Error)
}
