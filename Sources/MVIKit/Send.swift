/// The handle that a ``Effect/run(priority:_:catch:)`` closure uses to talk back to the store.
///
/// Call it to send an intent (`await send(.loaded(data))`) and use ``emit(_:)`` for a one-shot
/// side effect. Once the effect is cancelled, or its store is gone, both do nothing: late
/// results are dropped, never delivered to a screen that moved on.
public struct Send<Intent: Sendable, SideEffect: Sendable>: Sendable {
  let intentSink: @MainActor @Sendable (Intent) -> Void
  let sideEffectSink: @MainActor @Sendable (SideEffect) -> Void
  let errorSink: @MainActor @Sendable (any Error) -> Void

  package init(
    intent: @escaping @MainActor @Sendable (Intent) -> Void,
    sideEffect: @escaping @MainActor @Sendable (SideEffect) -> Void,
    error: @escaping @MainActor @Sendable (any Error) -> Void
  ) {
    self.intentSink = intent
    self.sideEffectSink = sideEffect
    self.errorSink = error
  }

  /// Sends `intent` to the store, which reduces it on the main actor.
  public func callAsFunction(_ intent: Intent) async {
    guard !Task.isCancelled else { return }
    await intentSink(intent)
  }

  /// Emits `sideEffect` to the View, exactly once.
  public func emit(_ sideEffect: SideEffect) async {
    guard !Task.isCancelled else { return }
    await sideEffectSink(sideEffect)
  }

  func report(_ error: any Error) async {
    await errorSink(error)
  }

  func pullback<Child: Sendable, ChildSideEffect: Sendable>(
    intent: @escaping @Sendable (Child) -> Intent,
    sideEffect: @escaping @Sendable (ChildSideEffect) -> SideEffect
  ) -> Send<Child, ChildSideEffect> {
    Send<Child, ChildSideEffect>(
      intent: { self.intentSink(intent($0)) },
      sideEffect: { self.sideEffectSink(sideEffect($0)) },
      error: errorSink
    )
  }
}
