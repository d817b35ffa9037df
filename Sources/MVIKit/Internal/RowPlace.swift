/// One row of a ``RowsLink``, by its id: there while the row is in the list. Its intents and
/// side effects travel keyed by the id.
@usableFromInline
struct RowPlace<Parent: Model, Row: Model>: ChildPlace
where Row.State: Identifiable, Row.State.ID: Sendable {
  @usableFromInline typealias Child = Row
  @usableFromInline typealias CarriedIntent = Keyed<Row.State.ID, Row.Intent>
  @usableFromInline typealias CarriedSideEffect = Keyed<Row.State.ID, Row.SideEffect>

  let rows: WritableKeyPath<Parent.State, Rows<Row.State>> & Sendable
  let id: Row.State.ID

  @usableFromInline static var canBeAbsent: Bool { true }
  /// A row's store is cached by its group, by id; the group by the rows' key.
  @usableFromInline var key: ScopeKey { ScopeKey(rows, Row.self) }
  @usableFromInline var presenceID: LiftedPresenceID {
    LiftedPresenceID(path: rows, inner: nil, row: AnyHashable(id))
  }
  @usableFromInline var absentChild: String {
    "row \(id) of its \(Row.self) rows, which is not in the list"
  }

  @usableFromInline func read(_ state: Parent.State) -> Row.State? { state[keyPath: rows][id: id] }

  @usableFromInline
  func modify(
    _ state: inout Parent.State, _ body: (inout Row.State) -> Effect<Row.Intent, Row.SideEffect>
  ) -> Effect<Row.Intent, Row.SideEffect>? {
    var effect: Effect<Row.Intent, Row.SideEffect>?
    _ = state[keyPath: rows].update(id: id) { row in effect = body(&row) }
    return effect
  }

  @usableFromInline func carryIntent(_ intent: Row.Intent) -> CarriedIntent { Keyed(id, intent) }
  @usableFromInline func carrySideEffect(_ sideEffect: Row.SideEffect) -> CarriedSideEffect {
    Keyed(id, sideEffect)
  }

  @usableFromInline func extract(_ carried: CarriedSideEffect) -> Row.SideEffect? {
    carried.id == id ? carried.value : nil
  }

  /// The rows' group, which the parent keeps at the rows' key.
  @usableFromInline @MainActor
  func observer(in parent: Store<Parent>) -> (any ObservedChild)? {
    parent.children[key].map { unsafeDowncast($0, to: RowGroup<Parent, Row>.self) }
  }
}
