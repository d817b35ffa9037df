/// The identity of a child's presence watch, one level up: the path that led to it.
struct LiftedPresenceID: Hashable, @unchecked Sendable {
  // Key paths and the wrapped id are immutable values; AnyKeyPath just isn't marked Sendable.
  let path: AnyKeyPath
  let inner: EffectID?
  let row: AnyHashable?
}

extension Effect {
  /// Rewrites every presence watch in this effect with `lift`, so that checks written against
  /// a child's state run against the parent's.
  func liftingPresence(_ lift: (Presence) -> Presence) -> Self {
    switch operation {
    case .none, .send, .emit, .run, .cancel, .warn:
      return self
    case .merge(let effects):
      return Self(.merge(effects.map { $0.liftingPresence(lift) }))
    case .concatenate(let effects):
      return Self(.concatenate(effects.map { $0.liftingPresence(lift) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Self(.cancellable(id, cancelInFlight: cancelInFlight, effect.liftingPresence(lift)))
    case .throttle(let id, let rule, let effect):
      return Self(.throttle(id, rule, effect.liftingPresence(lift)))
    case .whilePresent(let presence, let effect):
      return Self(.whilePresent(lift(presence), effect.liftingPresence(lift)))
    }
  }

  /// Lifts the presence watches inside this child effect (the child's own children) through
  /// `read`, which finds the child in the parent's state, and, unless the child is always
  /// there, watches the effect itself while `read` finds the child.
  func watched<Parent, Child>(
    id: LiftedPresenceID, read: @escaping @Sendable (Parent) -> Child?, always: Bool = false
  ) -> Self {
    if case .none = operation { return self }
    let lifted = liftingPresence { inner in
      Presence(
        id: EffectID(LiftedPresenceID(path: id.path, inner: inner.id, row: id.row)),
        isPresent: { state in
          // A state of another type means a parent embedded the effect by hand: keep it.
          guard let parent = state as? Parent else { return true }
          guard let child = read(parent) else { return false }
          return inner.isPresent(child)
        })
    }
    if always { return lifted }
    let presence = Presence(
      id: EffectID(id),
      isPresent: { state in
        guard let parent = state as? Parent else { return true }
        return read(parent) != nil
      })
    return Self(.whilePresent(presence, lifted))
  }
}
