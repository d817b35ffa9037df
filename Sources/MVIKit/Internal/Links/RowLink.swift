/// The link of one row of a ``RowsLink``, by its id: there while the row is in the list. Its
/// intents and side effects travel keyed by the id.
@usableFromInline
struct RowLink<Parent: Model, Row: Model>: ModelLink
where Row.State: Identifiable, Row.State.ID: Sendable {
  @usableFromInline typealias Child = Row
  @usableFromInline typealias ID = Row.State.ID

  @usableFromInline let rows: WritableKeyPath<Parent.State, Rows<Row.State>> & Sendable
  @usableFromInline let id: ID
  @usableFromInline let intents: CaseEmbedding<Parent.Intent, Keyed<ID, Row.Intent>>
  @usableFromInline let sideEffects: CaseEmbedding<Parent.SideEffect, Keyed<ID, Row.SideEffect>>

  @usableFromInline static var canBeAbsent: Bool { true }
  /// A row's store is cached by its group, by id; the group by the rows' key.
  @usableFromInline var statePath: AnyKeyPath { rows }
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

  @usableFromInline func embed(_ intent: Row.Intent) -> Parent.Intent {
    intents.embed(Keyed(id, intent))
  }

  @usableFromInline func embedSideEffect(_ sideEffect: Row.SideEffect) -> Parent.SideEffect {
    sideEffects.embed(Keyed(id, sideEffect))
  }

  @usableFromInline func extractSideEffect(_ sideEffect: Parent.SideEffect) -> Row.SideEffect? {
    guard let keyed = sideEffects.extract(sideEffect), keyed.id == id else { return nil }
    return keyed.value
  }

  /// The rows' group, which the parent keeps at the rows' key.
  @usableFromInline @MainActor
  func observer(in parent: Store<Parent>) -> (any ObservedChild)? {
    parent.children[key].map { unsafeDowncast($0, to: RowGroup<Parent, Row>.self) }
  }
}
