/// The one shape of every link between a parent model and a child model: where the child's
/// state is in the parent's (absent for a dismissed child or a removed row), the parent's
/// intent case that carries the child's, and how to find the child's side effects in the
/// parent's.
///
/// Every kind of scoped store (a child, an optional child, a row, a stack screen) is made and
/// kept by one generic path in ``Store`` over this shape.
@usableFromInline
protocol StoreLink<Parent, Child> {
  associatedtype Parent: Model
  associatedtype Child: Model
  /// Whether the child's state can be absent, so that its store may be cut off.
  static var canBeAbsent: Bool { get }
  /// What the child's store is cached by in its parent.
  var key: ScopeKey { get }
  func read(_ state: Parent.State) -> Child.State?
  /// The parent's intent that carries the child's `intent`.
  func embed(_ intent: Child.Intent) -> Parent.Intent
  /// What the child's store tells when it starts or stops being observed.
  @MainActor func observer(in parent: Store<Parent>) -> (any ObservedChild)?
  func extractSideEffect(_ sideEffect: Parent.SideEffect) -> Child.SideEffect?
}

/// A link whose child's intents and side effects each travel in one case of the parent's.
@usableFromInline
protocol CaseLinked: StoreLink, Sendable {
  var intents: CaseEmbedding<Parent.Intent, Child.Intent> { get }
  var sideEffects: CaseEmbedding<Parent.SideEffect, Child.SideEffect> { get }
}

extension CaseLinked {
  @inlinable func embed(_ intent: Child.Intent) -> Parent.Intent { intents.embed(intent) }
  @usableFromInline @MainActor
  func observer(in parent: Store<Parent>) -> (any ObservedChild)? { parent }

  @usableFromInline func extractSideEffect(_ sideEffect: Parent.SideEffect) -> Child.SideEffect? {
    sideEffects.extract(sideEffect)
  }

  /// The child's effect, one that has work, as the parent's: its intents and side effects
  /// embedded, its work cancelled when the child leaves the parent's state (unless the child
  /// is `always` there). The links' inlined reduce has let `.none` through already.
  func lift(
    _ effect: Effect<Child.Intent, Child.SideEffect>, at place: LiftedPresenceID,
    always: Bool = false
  ) -> Effect<Parent.Intent, Parent.SideEffect> {
    effect.embedded(
      intent: intents.embed, sideEffect: sideEffects.embed, at: place,
      read: { [self] (parent: Parent.State) in read(parent) }, always: always)
  }
}

extension ChildLink: CaseLinked {
  @usableFromInline static var canBeAbsent: Bool { false }
  @usableFromInline var key: ScopeKey { ScopeKey(state, Child.self) }
  @usableFromInline func read(_ state: Parent.State) -> Child.State? { state[keyPath: self.state] }
}

extension OptionalChildLink: CaseLinked {
  @usableFromInline static var canBeAbsent: Bool { true }
  @usableFromInline var key: ScopeKey { ScopeKey(state, Child.self) }
  @usableFromInline func read(_ state: Parent.State) -> Child.State? { state[keyPath: self.state] }
}

extension CaseLink: CaseLinked {
  @usableFromInline static var canBeAbsent: Bool { true }
  @usableFromInline func read(_ state: Parent.State) -> Child.State? { payload(state) }
}

/// One row of a ``RowsLink``: the link of the row with `id`.
struct RowLink<Parent: Model, Row: Model>: StoreLink
where Row.State: Identifiable, Row.State.ID: Sendable {
  typealias Child = Row

  let rows: RowsLink<Parent, Row>
  let id: Row.State.ID

  static var canBeAbsent: Bool { true }
  // A row's store is cached by its group, by id; the group by the rows' key.
  var key: ScopeKey { rows.key }

  func read(_ state: Parent.State) -> Row.State? { state[keyPath: rows.state][id: id] }
  func embed(_ intent: Row.Intent) -> Parent.Intent { rows.intents.embed(Keyed(id, intent)) }
  // The rows' group, which the parent keeps at the rows' key.
  @MainActor func observer(in parent: Store<Parent>) -> (any ObservedChild)? {
    parent.children[key].map { unsafeDowncast($0, to: RowGroup<Parent, Row>.self) }
  }

  func extractSideEffect(_ sideEffect: Parent.SideEffect) -> Row.SideEffect? {
    guard let keyed = rows.sideEffects.extract(sideEffect), keyed.id == id else { return nil }
    return keyed.value
  }
}
