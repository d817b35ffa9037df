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

  /// Reduces a row's intent on that row with `model`. The row's effects are cancelled when the
  /// row leaves the list; an intent for a row that is not there is reported and dropped.
  public func reduce(
    _ model: Row, _ state: inout Parent.State, _ intent: Keyed<ID, Row.Intent>
  ) -> Effect<Parent.Intent, Parent.SideEffect> {
    let path = self.state
    let id = intent.id
    var effect = Effect<Row.Intent, Row.SideEffect>.none
    let found = state[keyPath: path].update(id: id) { row in
      effect = model.reduce(&row, intent.value)
    }
    guard found else {
      return .dropped(
        intent.value, by: Parent.self, "row \(id) of its \(Row.self) rows, which is not in the list"
      )
    }
    if case .none = effect.operation { return .none }
    let intents = self.intents
    let sideEffects = self.sideEffects
    return effect.embedded(
      intent: { intents.embed(Keyed(id, $0)) }, sideEffect: { sideEffects.embed(Keyed(id, $0)) },
      at: LiftedPresenceID(path: path, inner: nil, row: AnyHashable(id)),
      read: { (parent: Parent.State) in parent[keyPath: path][id: id] })
  }
}

extension RowsLink where Row.SideEffect == Never {
  /// Links rows without side effects.
  public init(
    state: WritableKeyPath<Parent.State, Rows<Row.State>> & Sendable,
    intent: @escaping @Sendable (Keyed<ID, Row.Intent>) -> Parent.Intent
  ) {
    self.init(
      state: state, intent: intent,
      sideEffect: { (never: Keyed<ID, Never>) -> Parent.SideEffect in
        never.unreachable
      })
  }
}
