/// One listener on a root store's flow: a ``FlowObserver`` or a debugging aid's tap. The engine
/// holds its taps in one list, whose emptiness is what lets a send skip the flow.
@MainActor @usableFromInline
package final class FlowTap<M: Model> {
  /// Who listens, which decides whether misuse reports still go to standard error.
  enum Kind { case observer, deprecatedObserver, tap }

  @usableFromInline let receive: @MainActor (FlowEvent<M>, FlowContext) -> Void
  /// Hears each effect run's start and end; nil for a tap that does not listen to them, so
  /// that the engine reports them only while one does.
  let receiveEffect: (@MainActor (EffectLifecycleEvent) -> Void)?
  let kind: Kind

  init(
    _ receive: @escaping @MainActor (FlowEvent<M>, FlowContext) -> Void,
    effects: (@MainActor (EffectLifecycleEvent) -> Void)? = nil, kind: Kind
  ) {
    self.receive = receive
    self.receiveEffect = effects
    self.kind = kind
  }

  var hearsEffects: Bool { receiveEffect != nil }
}
