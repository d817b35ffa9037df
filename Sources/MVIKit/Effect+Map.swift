extension Effect {
  /// Embeds a child model's effect in a parent's, translating its intents and side effects.
  ///
  /// ```swift
  /// case let .counter(childIntent):
  ///   return counter.reduce(&state.counter, childIntent)
  ///     .map(intent: Intent.counter, sideEffect: SideEffect.counter)
  /// ```
  public func map<NewIntent: Sendable, NewSideEffect: Sendable>(
    intent transformIntent: @escaping @Sendable (Intent) -> NewIntent,
    sideEffect transformSideEffect: @escaping @Sendable (SideEffect) -> NewSideEffect
  ) -> Effect<NewIntent, NewSideEffect> {
    map(intent: transformIntent, sideEffect: transformSideEffect, presence: nil)
  }

  /// This effect with the work of each run replaced by what `replace` makes of it, and all
  /// else (sends, emits, ids, cancellations, orders) as it is: how a test store stands a
  /// recording's outputs in for an effect's work.
  package func replacingWork(
    _ replace: @escaping (_ work: @escaping Work) -> Work
  ) -> Effect {
    map(intent: { $0 }, sideEffect: { $0 }, presence: nil, work: replace)
  }

  /// Like ``replacingWork(_:)``, for a model that runs another inside its own state: every
  /// presence watch inside looks for its child through `state`, which finds the inner model's
  /// state in the outer one. Without it, a watch would not recognise the outer state, keep the
  /// child's work, and deliver what a store would have cancelled.
  package func replacingWork(
    _ replace: @escaping (_ work: @escaping Work) -> Work,
    state: @escaping @Sendable (Any) -> Any?
  ) -> Effect {
    map(
      intent: { $0 }, sideEffect: { $0 },
      presence: { watch in
        Presence(
          id: watch.id,
          isPresent: { outer in state(outer).map { watch.isPresent($0) } ?? true })
      }, work: replace)
  }

  /// The body of a run.
  package typealias Work = @Sendable (Send<Intent, SideEffect>) async throws -> Void

  /// Like the public `map`, and rewrites every presence watch inside with `lift`, so that a
  /// check written against a child's state runs against the parent's, and the work of every
  /// run with `work`.
  func map<NewIntent: Sendable, NewSideEffect: Sendable>(
    intent transformIntent: @escaping @Sendable (Intent) -> NewIntent,
    sideEffect transformSideEffect: @escaping @Sendable (SideEffect) -> NewSideEffect,
    presence lift: ((Presence) -> Presence)?,
    work replace: ((@escaping Work) -> Work)? = nil
  ) -> Effect<NewIntent, NewSideEffect> {
    typealias Mapped = Effect<NewIntent, NewSideEffect>
    func map(_ effect: Self) -> Mapped {
      effect.map(
        intent: transformIntent, sideEffect: transformSideEffect, presence: lift, work: replace)
    }
    switch operation {
    case .none:
      return .none
    case .send(let intent):
      return Mapped(.send(transformIntent(intent)))
    case .emit(let sideEffect):
      return Mapped(.emit(transformSideEffect(sideEffect)))
    case .run(let priority, let work):
      let body = replace?(work) ?? work
      return Mapped(
        .run(priority) { send in
          try await body(send.pullback(intent: transformIntent, sideEffect: transformSideEffect))
        })
    case .merge(let effects):
      return Mapped(.merge(effects.map(map)))
    case .concatenate(let effects):
      return Mapped(.concatenate(effects.map(map)))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Mapped(.cancellable(id, cancelInFlight: cancelInFlight, map(effect)))
    case .cancel(let id):
      return Mapped(.cancel(id))
    case .whilePresent(let presence, let effect):
      return Mapped(.whilePresent(lift?(presence) ?? presence, map(effect)))
    case .warn(let message):
      return Mapped(.warn(message))
    }
  }
}
