/// The one link between a parent model and a child model, whatever the child's place
/// (``ChildPlace``): the public links (``ChildLink``, ``OptionalChildLink``, ``CaseLink``,
/// ``RowsLink``, and MVIKitNavigation's `StackLink` through its rows) each hold one.
///
/// It reduces a child's intent inside the parent's reduce, lifts the child's effect into the
/// parent's, drops (with a report) an intent for a child that is absent, and is what a scoped
/// store reads and sends through.
@usableFromInline
struct ModelLink<Place: ChildPlace>: Sendable {
  @usableFromInline typealias Parent = Place.Parent
  @usableFromInline typealias Child = Place.Child

  @usableFromInline let place: Place
  @usableFromInline let intents: CaseEmbedding<Parent.Intent, Place.CarriedIntent>
  @usableFromInline let sideEffects: CaseEmbedding<Parent.SideEffect, Place.CarriedSideEffect>

  init(
    _ place: Place, intent: @escaping @Sendable (Place.CarriedIntent) -> Parent.Intent,
    sideEffect: @escaping @Sendable (Place.CarriedSideEffect) -> Parent.SideEffect
  ) {
    self.init(place, intents: CaseEmbedding(intent), sideEffects: CaseEmbedding(sideEffect))
  }

  init(
    _ place: Place, intents: CaseEmbedding<Parent.Intent, Place.CarriedIntent>,
    sideEffects: CaseEmbedding<Parent.SideEffect, Place.CarriedSideEffect>
  ) {
    self.place = place
    self.intents = intents
    self.sideEffects = sideEffects
  }

  /// Reduces a child intent on the child's state with `model`, and lifts the child's effect
  /// into the parent's; while the child is absent, the intent is reported and dropped.
  // Inlined into the public links' reduce, which a parent's reduce specialises: the generic,
  // out-of-line version calls the child's reduce through run-time metadata.
  @inlinable @inline(__always)
  func reduce(_ model: Child, _ state: inout Parent.State, _ intent: Child.Intent)
    -> Effect<Parent.Intent, Parent.SideEffect>
  {
    guard let effect = place.modify(&state, { model.reduce(&$0, intent) }) else {
      return dropped(intent)
    }
    if case .none = effect.operation { return .none }
    return lifted(effect)
  }

  /// The child's effect as the parent's: its intents and side effects carried in the parent's
  /// cases, its work cancelled when the child leaves the parent's state (unless the child is
  /// always there). Out of line, as only an effect with work takes it.
  @usableFromInline
  func lifted(_ effect: Effect<Child.Intent, Child.SideEffect>)
    -> Effect<Parent.Intent, Parent.SideEffect>
  {
    let (place, intents, sideEffects) = (self.place, self.intents, self.sideEffects)
    return effect.embedded(
      intent: { intents.embed(place.carryIntent($0)) },
      sideEffect: { sideEffects.embed(place.carrySideEffect($0)) }, at: place.presenceID,
      read: { (parent: Parent.State) in place.read(parent) }, always: !Place.canBeAbsent)
  }

  /// The report of an intent for the child while it is absent.
  @usableFromInline
  func dropped(_ intent: Child.Intent) -> Effect<Parent.Intent, Parent.SideEffect> {
    .dropped(intent, by: Parent.self, place.absentChild)
  }

  // MARK: - What a scoped store reads and sends through

  /// The parent's intent that carries the child's `intent`.
  @inlinable func embed(_ intent: Child.Intent) -> Parent.Intent {
    intents.embed(place.carryIntent(intent))
  }

  /// The child's side effect, when `sideEffect` carries one of this child's. Taking a value
  /// out of its case is done by reflection, only to route a side effect down to a scoped store.
  func extractSideEffect(_ sideEffect: Parent.SideEffect) -> Child.SideEffect? {
    sideEffects.extract(sideEffect).flatMap(place.extract)
  }
}
