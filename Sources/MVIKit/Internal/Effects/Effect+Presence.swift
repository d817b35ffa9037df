/// The identity of a child's presence watch, one level up: the path that led to it.
@usableFromInline
struct LiftedPresenceID: Hashable, @unchecked Sendable {
  // Key paths and the wrapped id are immutable values; AnyKeyPath just isn't marked Sendable.
  let path: AnyKeyPath
  let inner: EffectID?
  let row: AnyHashable?
}

extension Effect {
  /// The report of `intent`, which `parent` received for a child that is not there (`child`
  /// says which and why), and dropped.
  @usableFromInline
  static func dropped(_ intent: Any, by parent: Any.Type, _ child: String) -> Self {
    Self(.warn("\(parent) received \(intent) for \(child); the intent was dropped."))
  }

  /// Embeds a child's effect in its parent's: its intents and side effects in the parent's
  /// cases, the presence watches inside it (the child's own children) lifted through `read`,
  /// which finds the child in the parent's state, and, unless the child is always there, the
  /// effect itself watched while `read` finds the child.
  @usableFromInline
  func embedded<ParentIntent, ParentSideEffect, Parent, Child>(
    intent: @escaping @Sendable (Intent) -> ParentIntent,
    sideEffect: @escaping @Sendable (SideEffect) -> ParentSideEffect,
    at id: LiftedPresenceID,
    read: @escaping @Sendable (Parent) -> Child?,
    always: Bool = false
  ) -> Effect<ParentIntent, ParentSideEffect> {
    let lifted = map(intent: intent, sideEffect: sideEffect) { inner in
      Presence(
        id: EffectID(LiftedPresenceID(path: id.path, inner: inner.id, row: id.row)),
        isPresent: { state in
          // A state of another type means a parent embedded the effect by hand: keep it.
          guard let parent = state as? Parent else { return true }
          return read(parent).map { inner.isPresent($0) } ?? false
        })
    }
    if always { return lifted }
    let presence = Presence(
      id: EffectID(id),
      isPresent: { state in
        guard let parent = state as? Parent else { return true }
        return read(parent) != nil
      })
    return Effect<ParentIntent, ParentSideEffect>(.whilePresent(presence, lifted))
  }
}
