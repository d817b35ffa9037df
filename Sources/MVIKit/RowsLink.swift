/// How a parent model holds a list of children, each row with its own model, state and
/// effects: the `Rows` in the parent's state, and the parent's case that carries a row's
/// intents (`Keyed` by the row's id).
///
/// ```swift
/// static let todos = RowsLink<TodoList, TodoRow>(state: \.todos, intent: Intent.todos)
///
/// case .todos(let rowIntent): return Self.todos.reduce(rowModel, &state, rowIntent)
/// case .deleteTapped(let id): state.todos[id: id] = nil; return .none
/// ```
///
/// A row's effects are cancelled when the row is removed. An intent for an id that is not in
/// the list (a late tap on a deleted row) is reported and dropped. In a view,
/// `store.scope(link)` gives one store per row, and
/// `store.scope(link, id:)` the store of one row.
public struct RowsLink<Parent: Model, Row: Model>: Sendable
where Row.State: Identifiable, Row.State.ID: Sendable {
  /// A row's id.
  public typealias ID = Row.State.ID

  /// Where the rows live in the parent's state.
  public let state: WritableKeyPath<Parent.State, Rows<Row.State>> & Sendable
  let intents: CaseEmbedding<Parent.Intent, Keyed<ID, Row.Intent>>
  let sideEffects: CaseEmbedding<Parent.SideEffect, Keyed<ID, Row.SideEffect>>
  /// What the group of row stores is cached by in the parent.
  var key: ScopeKey { ScopeKey(state, Row.self) }

  /// Links rows at `state`, whose intents travel in the parent's `intent` case and whose side
  /// effects in the parent's `sideEffect` case, each keyed by the row's id.
  public init(
    state: WritableKeyPath<Parent.State, Rows<Row.State>> & Sendable,
    intent: @escaping @Sendable (Keyed<ID, Row.Intent>) -> Parent.Intent,
    sideEffect: @escaping @Sendable (Keyed<ID, Row.SideEffect>) -> Parent.SideEffect
  ) {
    self.state = state
    intents = CaseEmbedding(intent)
    sideEffects = CaseEmbedding(sideEffect)
  }

  /// The link of the row with `id`.
  func row(_ id: ID) -> RowLink<Parent, Row> {
    RowLink(rows: state, id: id, intents: intents, sideEffects: sideEffects)
  }

  /// Reduces a row's intent on that row with `model`. The row's effects are cancelled when the
  /// row leaves the list; an intent for a row that is not there is reported and dropped.
  public func reduce(
    _ model: Row, _ state: inout Parent.State, _ intent: Keyed<ID, Row.Intent>
  ) -> Effect<Parent.Intent, Parent.SideEffect> {
    let row = row(intent.id)
    return reduceChild(
      row.modify(&state, { model.reduce(&$0, intent.value) }),
      dropped: { row.dropped(intent.value) }, lifted: { row.lifted($0) })
  }
}

extension RowsLink where Row.SideEffect == Never {
  /// Links rows without side effects.
  public init(
    state: WritableKeyPath<Parent.State, Rows<Row.State>> & Sendable,
    intent: @escaping @Sendable (Keyed<ID, Row.Intent>) -> Parent.Intent
  ) {
    self.init(state: state, intent: intent, sideEffect: { $0.unreachable })
  }
}
