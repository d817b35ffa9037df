/// The handle that a ``Effect/run(priority:_:catch:)`` closure uses to talk back to the store.
///
/// Call it to send an intent (`await send(.loaded(data))`) and use ``emit(_:)`` for a one-shot
/// side effect. Once the effect is cancelled, or its store is gone, both do nothing: late
/// results are dropped, never delivered to a screen that moved on.
public struct Send<Intent: Sendable, SideEffect: Sendable>: Sendable {
  // One closure rather than one per event: each would be an allocation per effect. Not
  // isolated to the main actor by its type: the store's sink hops there itself, and the
  // explorer's, which only keeps what the work sent, need not leave the thread the work runs
  // on (a hop there and back for each send made exploring a run cost more than reducing).
  let sink: @Sendable (EffectEvent<Intent, SideEffect>) async -> Void

  @usableFromInline package init(
    _ sink: @escaping @Sendable (EffectEvent<Intent, SideEffect>) async -> Void
  ) {
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
      case .intent(let child): await sink(.intent(intent(child)))
      case .sideEffect(let child): await sink(.sideEffect(sideEffect(child)))
      case .error(let error): await sink(.error(error))
      }
    }
  }
}

/// What an effect hands back to its store through ``Send``.
@usableFromInline package enum EffectEvent<Intent: Sendable, SideEffect: Sendable>: Sendable {
  case intent(Intent)
  case sideEffect(SideEffect)
  case error(any Error)
}
